// No function in the server's services spans more than 100 lines (issue 42): a long function is a
// sequence of steps nobody named, and following a change through it costs the reader the whole body.
// Every kind of function counts (declarations, expressions, arrows — a transaction callback too —,
// methods, accessors, constructors); a nested function counts inside its outer one's span as well.
import ts from 'typescript';
import { isTestFile, parseSource } from './sources.mjs';

/** The folder whose functions are measured (repository path). */
export const FUNCTION_LENGTH_ROOT = 'apps/server/src/services';
/** The most lines a function may span, from its first line to its last. */
export const MAX_FUNCTION_LINES = 100;

const MESSAGE = `a function in services spans at most ${MAX_FUNCTION_LINES} lines (split it into named steps)`;

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isConstructorDeclaration(node)
  );
}

/** The name a reader would search for: its own, the variable or property it is assigned to, or none. */
function functionName(node, source) {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  return '<anonymous>';
}

/** The functions of one file that span more than the limit, as violations. */
export function longFunctions(path, text) {
  const source = parseSource(path, text);
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found = [];
  const visit = (node) => {
    if (isFunction(node)) {
      const first = lineOf(node.getStart(source));
      const lines = lineOf(node.getEnd()) - first + 1;
      if (lines > MAX_FUNCTION_LINES) {
        found.push({
          path,
          line: first,
          message: `parts: ${MESSAGE} (ARCHITECTURE §2)`,
          detail: `${functionName(node, source)} spans ${lines} lines`,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function over the limit in the non-test source files under services. */
export function functionLength(files) {
  return files
    .filter(({ path }) => path.startsWith(`${FUNCTION_LENGTH_ROOT}/`) && !isTestFile(path))
    .flatMap(({ path, text }) => longFunctions(path, text));
}
