// A circle of imports between source files, of any kind: value, `import type`, `export … from`,
// `import('…')` in code or in a type. Type imports are erased at run time, but a circle of them still
// ties every file in it to every other: none can be read, tested or moved alone (issue 42 found 32
// files tied through context.ts → task queue → lazily loaded handlers → services → `type AppContext`).
import ts from 'typescript';
import { isTestFile, parseSource, resolveSpecifier, stripExtension } from './sources.mjs';

const MESSAGE =
  'parts: source files must not import each other in a circle, type and dynamic imports included (ARCHITECTURE §2)';

/** Every module specifier a file names, with the line it is on. */
function specifiers(path, text) {
  const source = parseSource(path, text);
  const found = [];
  const add = (node) => {
    if (!node || !ts.isStringLiteralLike(node)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ specifier: node.text, line });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (ts.isExternalModuleReference(node)) add(node.expression);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The graph of imports between the given files: module (path without extension) → its imports. */
function importGraph(files) {
  const pathOf = new Map(files.map(({ path }) => [stripExtension(path), path]));
  const graph = new Map();
  for (const { path, text } of files) {
    const edges = new Map(); // target module → line of its first import
    for (const { specifier, line } of specifiers(path, text)) {
      const target = resolveSpecifier(path, specifier);
      if (!target || target === 'node:') continue;
      // A folder import names its index.
      const module = pathOf.has(target) ? target : pathOf.has(`${target}/index`) ? `${target}/index` : null;
      if (module && !edges.has(module)) edges.set(module, line);
    }
    graph.set(stripExtension(path), edges);
  }
  return { graph, pathOf };
}

/** The strongly connected components (Tarjan), each a list of modules. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node).keys()) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    found.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest circle from `start` back to it inside `members` (breadth first). */
function shortestCircle(graph, start, members) {
  const previous = new Map();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    for (const next of graph.get(node).keys()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const circle = [start];
        for (let at = node; at !== start; at = previous.get(at)) circle.splice(1, 0, at);
        return [...circle, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/**
 * Circles of imports between the non-test source files. One violation per knot of files that import
 * each other round (a strongly connected component): it names a shortest circle through the knot's
 * first file, at the line of that file's import, and every file of the knot when there are more.
 */
export function importCircles(files) {
  const { graph, pathOf } = importGraph(files.filter(({ path }) => !isTestFile(path)));
  return components(graph)
    .filter((component) => component.length > 1 || graph.get(component[0]).has(component[0]))
    .map((component) => {
      const members = new Set(component);
      const [first] = component.sort();
      const circle = shortestCircle(graph, first, members).map((module) => pathOf.get(module));
      const rest =
        component.length > circle.length - 1
          ? ` (${component.length} files in the knot: ${component.map((m) => pathOf.get(m)).join(', ')})`
          : '';
      return {
        path: circle[0],
        line: graph.get(first).get(stripExtension(circle[1])),
        message: MESSAGE,
        detail: `${circle.join(' → ')}${rest}`,
      };
    });
}
