// The part rules of ARCHITECTURE §2, checked on every `npm run lint` after Biome.
// Biome's noRestrictedImports matches the import specifier as written, so '../../db/x.js' cannot be
// told apart from a sub-folder that happens to be called db, and it has no rule for string literals;
// this script resolves every relative or workspace specifier to a repository path and checks that.
// It parses with the repository's own TypeScript (no added dependency), so comments, strings and
// template literals never produce false hits.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { folderSizes } from './lintParts/folderSize.mjs';
import { functionLength } from './lintParts/functionLength.mjs';
import { importCircles } from './lintParts/importCircles.mjs';
import { isTestFile, parseSource, resolveSpecifier, within } from './lintParts/sources.mjs';
import { tenantScopeViolations } from './lintParts/tenantScope.mjs';

export { isTestFile, resolveSpecifier };

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Source folders whose files the rules cover (repository paths). */
export const SOURCE_ROOTS = ['packages/core/src', 'apps/server/src', 'apps/web/src'];

const SERVER = 'apps/server/src';
/** The packages a workspace's package.json names (its `fields`: dependencies, devDependencies). */
function packagesOf(workspace, fields) {
  const manifest = JSON.parse(readFileSync(join(repoRoot, workspace, 'package.json'), 'utf8'));
  return fields.flatMap((field) => Object.keys(manifest[field] ?? {}));
}
const CORE_PACKAGES = packagesOf('packages/core', ['dependencies']);
/** A package hoisted for another workspace (dayjs, for the server's exceljs) is not the web's. */
const WEB_PACKAGES = [
  ...packagesOf('apps/web', ['dependencies', 'devDependencies']),
  // The repository's own tools (vitest, for a test kit).
  ...packagesOf('.', ['devDependencies']),
];

/**
 * Imports that must never exist. `from` and `to` are repository paths without extension: a folder
 * matches itself and everything under it, so 'apps/server/src/context' matches only context.ts.
 */
export const IMPORT_RULES = [
  { from: ['packages/core'], to: ['apps/server'], message: 'core must not import the server' },
  { from: ['packages/core'], to: ['apps/web'], message: 'core must not import the web app' },
  { from: ['apps/web'], to: ['apps/server'], message: 'the web app must not import the server' },
  { from: [`${SERVER}/routes`], to: [`${SERVER}/db`], message: 'routes must not import the database' },
  { from: [`${SERVER}/documents`], to: [`${SERVER}/db`], message: 'documents must not import the database' },
  { from: [`${SERVER}/documents`], to: [`${SERVER}/routes`], message: 'documents must not import routes' },
  {
    from: [`${SERVER}/documents`],
    to: [`${SERVER}/context`, `${SERVER}/createContext`],
    message: 'documents must not import the request context (context.ts, createContext.ts)',
  },
  { from: [`${SERVER}/documents`], to: [`${SERVER}/storage`], message: 'documents must not import storage' },
  { from: [`${SERVER}/db`], to: [`${SERVER}/services`], message: 'the database must not import services' },
  { from: [`${SERVER}/services`], to: [`${SERVER}/routes`], message: 'services must not import routes' },
  {
    from: [`${SERVER}/services`, `${SERVER}/tasks`, `${SERVER}/documents`],
    to: [`${SERVER}/http`],
    message: 'services, tasks and documents must not import http (throw domain errors instead)',
  },
];

const CORE_NODE = 'core must not import Node built-ins (no Node or DOM imports)';
const CORE_PACKAGE = `core may import only its own dependencies (${CORE_PACKAGES.join(', ')}): no Node or DOM packages`;
const WEB_PACKAGE =
  'the web app may import only its own dependencies (apps/web/package.json): dates go through core (rules/time/jobTime, rules/time/userTime)';
const API_LITERAL =
  "API paths ('/api/…', '/Attachments/…', '/wopi/…', '/wopi-client/…') are written only in packages/core/src/contract/endpoints";
/** Folders whose non-test files must not spell an API path. */
const API_LITERAL_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/core/src'];
/** Where API paths are written: the endpoint table, and the prefix the HTTP plugins key on. */
const API_LITERAL_HOMES = ['packages/core/src/contract/endpoints', 'packages/core/src/contract/endpoint.ts'];

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function importViolations(path, specifier) {
  const target = resolveSpecifier(path, specifier);
  if (within(path, 'packages/core')) {
    if (target === 'node:') return [CORE_NODE];
    if (target === null && !CORE_PACKAGES.includes(packageName(specifier))) return [CORE_PACKAGE];
  }
  if (within(path, 'apps/web') && target === null && !WEB_PACKAGES.includes(packageName(specifier)))
    return [WEB_PACKAGE];
  if (target === null || target === 'node:') return [];
  return IMPORT_RULES.filter(
    (rule) => rule.from.some((f) => within(path, f)) && rule.to.some((t) => within(target, t)),
  ).map((rule) => rule.message);
}

/** Paths outside /api/ that the table names: the embedded WOPI client's page (issue 22). */
const PAGE_PREFIXES = ['/wopi-client/'];

/** An API path: /api/…, /Attachments/…, the WOPI host's /wopi/… (any letter case) or a table page. */
function isApiPath(text) {
  const lower = text.toLowerCase();
  return (
    text.startsWith('/api/') ||
    lower.startsWith('/attachments/') ||
    lower.startsWith('/wopi/') ||
    PAGE_PREFIXES.some((prefix) => lower.startsWith(prefix))
  );
}

/**
 * The part-rule violations of one file, given its repository path (posix) and source text.
 * Each is `{ path, line, message, detail }`; message starts with 'parts:' and names the rule.
 */
export function checkSource(path, text) {
  if (isTestFile(path)) return [];
  const source = parseSource(path, text);
  const checkLiterals =
    API_LITERAL_ROOTS.some((root) => within(path, root)) &&
    !API_LITERAL_HOMES.some((home) => within(path, home));
  const found = [];
  const report = (node, message, detail) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ path, line, message: `parts: ${message} (ARCHITECTURE §2)`, detail });
  };
  const checkSpecifier = (node) => {
    if (!node || !ts.isStringLiteralLike(node)) return;
    for (const message of importViolations(path, node.text)) report(node, message, `imports '${node.text}'`);
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      checkSpecifier(node.moduleSpecifier);
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      checkSpecifier(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      checkSpecifier(node.argument.literal);
    } else if (ts.isExternalModuleReference(node)) {
      checkSpecifier(node.expression);
    } else if (
      checkLiterals &&
      (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) &&
      isApiPath(node.text)
    ) {
      report(node, API_LITERAL, `'${node.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function* sourceFiles(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(tsx?|mts|jsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/**
 * The checks that look at the repository's files together, each a module of `scripts/lintParts/`:
 * given every source file under the source roots (`{ path, text }`, tests included: a check skips
 * them with `isTestFile`), each returns its violations as `checkSource` does.
 */
const REPOSITORY_CHECKS = [folderSizes, importCircles, tenantScopeViolations, functionLength];

/** Every violation under the source roots of the repository at `root`. */
export function checkRepository(root = repoRoot) {
  const files = [];
  for (const sourceRoot of SOURCE_ROOTS) {
    for (const file of sourceFiles(join(root, sourceRoot))) {
      files.push({ path: relative(root, file).split(sep).join('/'), text: readFileSync(file, 'utf8') });
    }
  }
  return [
    ...files.flatMap(({ path, text }) => checkSource(path, text)),
    ...REPOSITORY_CHECKS.flatMap((check) => check(files)),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // An optional argument checks another checkout (the tests run it on a deliberately wrong one).
  const found = checkRepository(process.argv[2] ?? repoRoot);
  // Node 20 has no Map.groupBy.
  const byRule = new Map();
  for (const v of found) byRule.set(v.message, [...(byRule.get(v.message) ?? []), v]);
  for (const [message, list] of byRule) {
    process.stderr.write(`${message}\n`);
    for (const v of list) process.stderr.write(`  ${v.path}:${v.line}  ${v.detail}\n`);
  }
  if (found.length) {
    process.stderr.write(`parts: ${found.length} violation(s) of the part rules (scripts/lintParts.mjs)\n`);
    process.exit(1);
  }
  process.stdout.write('parts: no violations of the part rules\n');
}
