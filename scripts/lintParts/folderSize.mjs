// Issue 42: a folder of more than 30 source files side by side is split by area, so that a
// newcomer reads a folder's names at a glance. Sub-folders and non-source files (fixtures,
// stylesheets) do not count.

/** The most source files (tests included) one folder may hold side by side. */
export const MAX_FOLDER_FILES = 30;

const MESSAGE = `a source folder holds at most ${MAX_FOLDER_FILES} files side by side (split it by area)`;

/** One violation for each folder over the limit, given every source file as `{ path }`. */
export function folderSizes(files) {
  const counts = new Map();
  for (const { path } of files) {
    const folder = path.slice(0, path.lastIndexOf('/'));
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count > MAX_FOLDER_FILES)
    .map(([folder, count]) => ({
      path: folder,
      line: 1,
      message: `parts: ${MESSAGE} (ARCHITECTURE §2)`,
      detail: `${count} files`,
    }));
}
