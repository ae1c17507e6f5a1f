import { readFile } from 'node:fs/promises';
import { type InterfacesFile, InterfacesFileSchema } from '@quill/core';

/**
 * The hospital interfaces of HL7_INTERFACES_FILE (issue 44), checked by the contract's schema: a
 * file that cannot be read, is not JSON or does not match throws one readable error naming the file
 * and the path of each wrong value.
 */
export async function loadInterfacesFile(path: string): Promise<InterfacesFile> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw new Error(`HL7_INTERFACES_FILE ${path}: ${(err as Error).message}`);
  }
  const parsed = InterfacesFileSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new Error(`HL7_INTERFACES_FILE ${path} is not a valid interfaces file:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
