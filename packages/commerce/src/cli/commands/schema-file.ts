/**
 * Reads a saved platform schema for `types pull --from` and `types diff`: every refusal names the file
 * and what is wrong with it, and says how to save a good one.
 */
import { readFile } from 'node:fs/promises';
import { CliError } from '../errors.ts';

const SAVE_HINT = 'Save the installation\'s own schema: curl -H "Authorization: Bearer $TOKEN" "https://<shop>/rest/all/schema?services=all" > schema.json';

export async function readSchemaFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'it may not be read (permissions)' : `it could not be read (${code ?? String(error)})`;
    throw new CliError(`Cannot read the schema ${file}: ${why}.`, SAVE_HINT);
  }
  if (!text.trim()) throw new CliError(`The schema ${file} is empty.`, SAVE_HINT);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CliError(`The schema ${file} is not JSON (${detail}); the schema endpoint answers JSON.`, SAVE_HINT);
  }
  const record = document && typeof document === 'object' && !Array.isArray(document) ? (document as Record<string, unknown>) : undefined;
  if (!record) throw new CliError(`The schema ${file} is JSON but not a schema document: it is ${Array.isArray(document) ? 'an array' : document === null ? 'null' : `a ${typeof document}`}, not an object.`, SAVE_HINT);
  if (typeof record['openapi'] === 'string') {
    // Adobe's site converts the published schemas to OpenAPI 3 on download (AdobeDocs/commerce-webapi#141).
    throw new CliError(
      `The schema ${file} is an OpenAPI ${record['openapi']} document; this command reads the platform's own Swagger 2.0 schema (an OpenAPI 3 file is usually a conversion, such as the one Adobe's documentation site serves, and loses what the platform wrote).`,
      SAVE_HINT,
    );
  }
  if (record['swagger'] !== '2.0') throw new CliError(`The schema ${file} is not a Swagger 2.0 document: "swagger" is ${JSON.stringify(record['swagger'] ?? null)}, expected "2.0".`, SAVE_HINT);
  if (!record['paths'] || typeof record['paths'] !== 'object' || Array.isArray(record['paths'])) throw new CliError(`The schema ${file} has no "paths" object, so it lists no routes.`, SAVE_HINT);
  if (record['definitions'] !== undefined && (typeof record['definitions'] !== 'object' || record['definitions'] === null || Array.isArray(record['definitions']))) {
    throw new CliError(`The schema ${file} has a "definitions" member that is not an object.`, SAVE_HINT);
  }
  return document;
}
