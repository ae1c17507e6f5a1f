// What the part rules know of a source file: whether it is test code, the repository path an import
// specifier names, and its syntax tree. Shared by scripts/lintParts.mjs and its repository-wide checks.
import { builtinModules } from 'node:module';
import { posix } from 'node:path';
import ts from 'typescript';

/** Test code may reach across parts to set up and observe; the rules govern shipped code. */
export function isTestFile(path) {
  return /\.test\.tsx?$/.test(path) || /(^|\/)(testing|test)\//.test(path);
}

/** Whether a repository path is `folder` or under it. */
export function within(path, folder) {
  return path === folder || path.startsWith(`${folder}/`);
}

export function stripExtension(path) {
  return path.replace(/\.(d\.ts|tsx?|mts|cts|jsx?|mjs|cjs)$/, '');
}

/** The repository path (without extension) a specifier names, 'node:' for built-ins, or null. */
export function resolveSpecifier(fromPath, specifier) {
  if (specifier.startsWith('.')) {
    return stripExtension(posix.normalize(posix.join(posix.dirname(fromPath), specifier)));
  }
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0])) return 'node:';
  const workspace = /^@quill\/(core|server|web)(\/.*)?$/.exec(specifier);
  if (!workspace) return null;
  if (workspace[1] === 'core') return `packages/core/src${workspace[2] ?? '/index'}`;
  return `apps/${workspace[1]}${workspace[2] ?? ''}`;
}

/** The file's syntax tree (with parent links), parsed by the repository's own TypeScript (JSX in .tsx and .jsx). */
export function parseSource(path, text) {
  const kind = /\.[jt]sx$/.test(path) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
}
