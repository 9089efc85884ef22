/**
 * The platform release data shipped with the package (data/platform-releases.json.br, brotli, derived by
 * scripts/release-data.mjs from the published 2.4.6–2.4.9 schemas): each release's operations and
 * definitions in compact form, and the route keys of the 2.4.9 guest and customer schemas. Read from
 * disk on first use only (the CLI's `types` commands), never bundled into a client.
 */
import { existsSync, readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AudienceMarkers } from '../../swagger/audience.ts';
import type { CompactFields, CompactOperation, CompactSchema } from '../../swagger/compact.ts';

interface Shared<T> {
  names: string[];
  variants: T[][];
  index: Record<string, number[]>;
}

interface ReleaseData {
  version: 1;
  releases: string[];
  ops: Shared<CompactOperation>;
  defs: Shared<CompactFields>;
  audiences: { guest: string[]; customer: string[] };
}

const FILE = 'data/platform-releases.json.br';
let cached: ReleaseData | undefined;

/** The package root holds data/: two levels above dist/cli.js's chunks, four above src/cli/commands/. */
function dataFile(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, FILE);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`The release data (${FILE}) is missing from the installed @magekit/commerce package: reinstall it.`);
}

function load(): ReleaseData {
  cached ??= JSON.parse(brotliDecompressSync(readFileSync(dataFile())).toString('utf8')) as ReleaseData;
  return cached;
}

/** The platform releases the data covers, oldest first. */
export function knownReleases(): readonly string[] {
  return load().releases;
}

function pick<T>(shared: Shared<T>, release: string): Record<string, T> {
  const index = shared.index[release]!;
  const out: Record<string, T> = {};
  shared.names.forEach((name, i) => {
    if (index[i]! >= 0) out[name] = shared.variants[i]![index[i]!]!;
  });
  return out;
}

/** One release's compact schema; undefined for a release the data does not cover. */
export function releaseSchema(release: string): CompactSchema | undefined {
  const data = load();
  if (!data.releases.includes(release)) return undefined;
  return { ops: pick(data.ops, release), defs: pick(data.defs, release) };
}

/** What `types pull` compares a schema with to tell an admin answer from an anonymous or customer one. */
export function audienceMarkers(): AudienceMarkers {
  const data = load();
  return { guest: new Set(data.audiences.guest), customer: new Set(data.audiences.customer), platform: new Set(data.ops.names) };
}
