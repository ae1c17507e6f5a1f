import { readFileSync } from 'node:fs';
import { type InterfacesFile, InterfacesFileSchema } from '@quill/core';

/**
 * Reads and checks the interfaces file (HL7_INTERFACES_FILE, issue 44). Throws one readable error
 * naming the file and each wrong value's path ("interfaces.0.port: …"); unset: no interfaces.
 */
export function loadInterfacesFile(path: string | undefined): InterfacesFile {
  if (!path) return { interfaces: [] };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`HL7_INTERFACES_FILE ${path} could not be read as JSON: ${(err as Error).message}`);
  }
  const parsed = InterfacesFileSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(file)'}: ${i.message}`);
    throw new Error(`HL7_INTERFACES_FILE ${path} is not a valid interfaces file:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
