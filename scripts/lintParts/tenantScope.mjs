// Tenant scope in one place (issue 42): the corporate structures a session may see are read only
// by the scope module, whose scoped functions every service calls (inScope, mayAccess,
// requireInScope, requireJob…). Anywhere else the name `corporateStructureIds` — an identifier or
// a property, found by parsing with TypeScript, so comments and strings do not count — is refused.
import ts from 'typescript';
import { isTestFile, parseSource } from './sources.mjs';

const NAME = 'corporateStructureIds';
/** The scope module: the one folder that reads the ids. */
export const SCOPE_MODULE = 'apps/server/src/services/tenantScope';
const MESSAGE =
  'parts: tenant scope is read only in services/tenantScope (use its scoped functions) (ARCHITECTURE §2)';

function outsideModule(path) {
  return !path.startsWith(`${SCOPE_MODULE}/`) && !isTestFile(path);
}

/** The lines of `path` that name corporateStructureIds outside comments and strings. */
function namingLines(path, text) {
  const source = parseSource(path, text);
  const lines = [];
  const visit = (node) => {
    if (ts.isIdentifier(node) && node.text === NAME) {
      lines.push(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return lines;
}

/** Every use of the name outside the scope module and tests, as `{ path, line, message, detail }`. */
export function tenantScopeViolations(files) {
  return files
    .filter(({ path, text }) => outsideModule(path) && text.includes(NAME))
    .flatMap(({ path, text }) =>
      namingLines(path, text).map((line) => ({ path, line, message: MESSAGE, detail: `names ${NAME}` })),
    );
}
