// What every part rule needs of a source file: whether the rules govern it, and its syntax tree.
import ts from 'typescript';

/** Test code may reach across parts to set up and observe; the rules govern shipped code. */
export function isTestFile(path) {
  return /\.test\.tsx?$/.test(path) || /(^|\/)(testing|test)\//.test(path);
}

/** The file's syntax tree (with parent links), parsed by the repository's own TypeScript (JSX in .tsx and .jsx). */
export function parseSource(path, text) {
  const kind = /\.[jt]sx$/.test(path) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
}
