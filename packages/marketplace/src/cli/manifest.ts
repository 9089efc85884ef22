/**
 * The release manifest: which packages to submit, the files of each (paths relative to the
 * manifest) and their fields. One package or several (one batch: a package the service refuses
 * never takes the others down).
 *
 *   {
 *     "packages": [{
 *       "item_id": "acme-checkout-1.2.0",
 *       "artifact": "build/acme-checkout.zip",
 *       "documentation": { "user": "docs/user-guide.pdf" },
 *       "media": { "icon": "media/icon.png", "gallery": ["media/checkout.png"] },
 *       "review": ["technical", "marketing"],
 *       "fields": { "type": "extension", "platform": "M2", "name": "Acme Checkout", "version": "1.2.0", ... }
 *     }]
 *   }
 *
 * A manifest that is a single package object (no "packages") is one package.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { ReviewFlow } from '../review.ts';
import type { PackageInput } from '../types.ts';
import { CliError } from './errors.ts';

type DocumentationKind = 'user' | 'installation' | 'reference';

export interface PackagePlan {
  /** Position in the manifest. */
  index: number;
  /** What the package is called in output: item_id, else its name and version. */
  label: string;
  itemId: string | undefined;
  artifact: string;
  documentation: Partial<Record<DocumentationKind, string>>;
  icon: string | undefined;
  gallery: string[];
  review: ReviewFlow[];
  /** Package fields as given (without artifact, documentation_artifacts, media_artifacts, action). */
  fields: Record<string, unknown>;
}

const DOC_KINDS: DocumentationKind[] = ['user', 'installation', 'reference'];
const MANAGED_FIELDS = ['artifact', 'documentation_artifacts', 'media_artifacts', 'action'];

export async function readManifest(path: string): Promise<PackagePlan[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read the manifest ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new CliError(`The manifest ${path} is not valid JSON: ${(error as Error).message}.`);
  }
  return parseManifest(doc, dirname(resolve(path)), path);
}

function parseManifest(doc: unknown, baseDir: string, name = 'the manifest'): PackagePlan[] {
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(doc)) throw new CliError(`${name} must be a JSON object: one package, or { "packages": [...] }.`);
  const list = doc['packages'] === undefined ? [doc] : doc['packages'];
  if (!Array.isArray(list) || list.length === 0) throw new CliError(`${name}: "packages" must be a non-empty array.`);
  const problems: string[] = [];
  const plans = list.map((entry, index): PackagePlan | undefined => {
    const at = `packages[${index}]`;
    const fail = (why: string) => void problems.push(`${at}: ${why}`);
    if (!isObject(entry)) return fail('must be an object'), undefined;
    const path = (value: unknown, field: string): string | undefined => {
      if (value === undefined) return undefined;
      if (typeof value !== 'string' || !value.trim()) return fail(`${field} must be a file path`), undefined;
      return resolve(baseDir, value);
    };
    const artifact = path(entry['artifact'], 'artifact');
    if (entry['artifact'] === undefined) fail('artifact (the package ZIP) is missing');
    const documentation: Partial<Record<DocumentationKind, string>> = {};
    const docs = entry['documentation'];
    if (docs !== undefined && !isObject(docs)) fail('documentation must be an object like { "user": "docs/guide.pdf" }');
    if (isObject(docs)) {
      for (const [kind, value] of Object.entries(docs)) {
        if (!DOC_KINDS.includes(kind as DocumentationKind)) fail(`documentation.${kind} is not one of ${DOC_KINDS.join(', ')}`);
        else {
          const resolved = path(value, `documentation.${kind}`);
          if (resolved !== undefined) documentation[kind as DocumentationKind] = resolved;
        }
      }
    }
    const media = entry['media'];
    if (media !== undefined && !isObject(media)) fail('media must be an object like { "icon": "icon.png", "gallery": ["1.png"] }');
    const icon = isObject(media) ? path(media['icon'], 'media.icon') : undefined;
    const galleryRaw = isObject(media) ? (media['gallery'] ?? []) : [];
    if (!Array.isArray(galleryRaw)) fail('media.gallery must be an array of file paths');
    const gallery = (Array.isArray(galleryRaw) ? galleryRaw : []).map((p, i) => path(p, `media.gallery[${i}]`)).filter((p): p is string => p !== undefined);
    const reviewRaw = entry['review'] ?? ['technical', 'marketing'];
    const review = Array.isArray(reviewRaw) ? reviewRaw.filter((f): f is ReviewFlow => f === 'technical' || f === 'marketing') : [];
    if (!Array.isArray(reviewRaw) || review.length === 0 || review.length !== reviewRaw.length) fail('review must list "technical" and/or "marketing"');
    const fields = entry['fields'] ?? {};
    if (!isObject(fields)) return fail('fields must be an object of package fields'), undefined;
    const managed = MANAGED_FIELDS.filter((f) => f in fields);
    if (managed.length) fail(`fields.${managed.join(', fields.')} ${managed.length === 1 ? 'is' : 'are'} set by the CLI from artifact, documentation, media and review; remove ${managed.length === 1 ? 'it' : 'them'}`);
    const itemId = typeof entry['item_id'] === 'string' && entry['item_id'] ? entry['item_id'] : typeof fields['item_id'] === 'string' ? fields['item_id'] : undefined;
    const label = itemId ?? `${String(fields['name'] ?? 'package')} ${String(fields['version'] ?? '')}`.trim();
    return { index, label, itemId, artifact: artifact ?? '', documentation, icon, gallery, review, fields };
  });
  if (problems.length) throw new CliError(`${name} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`);
  return plans as PackagePlan[];
}

/** Every file of every plan, in upload order, each with who uses it. */
export function filesOf(plans: readonly PackagePlan[]): string[] {
  const out: string[] = [];
  for (const plan of plans) {
    out.push(plan.artifact, ...DOC_KINDS.flatMap((k) => (plan.documentation[k] ? [plan.documentation[k]] : [])));
    if (plan.icon) out.push(plan.icon);
    out.push(...plan.gallery);
  }
  return [...new Set(out)];
}

/** The package to submit, with the uploaded files' ids in place of the paths. */
export function packageOf(plan: PackagePlan, idOf: (path: string) => string): PackageInput {
  const documentation = Object.fromEntries(DOC_KINDS.flatMap((k) => (plan.documentation[k] ? [[k, { file_upload_id: idOf(plan.documentation[k]) }]] : [])));
  const media = plan.icon || plan.gallery.length
    ? { media_artifacts: { ...(plan.icon ? { icon_image: { file_upload_id: idOf(plan.icon) } } : {}), ...(plan.gallery.length ? { gallery_images: plan.gallery.map((p) => ({ file_upload_id: idOf(p) })) } : {}) } }
    : {};
  return {
    ...(plan.fields as PackageInput),
    ...(plan.itemId === undefined ? {} : { item_id: plan.itemId }),
    artifact: { file_upload_id: idOf(plan.artifact) },
    ...(Object.keys(documentation).length ? { documentation_artifacts: documentation } : {}),
    ...media,
    action: { technical: plan.review.includes('technical') ? 'submit' : 'draft', marketing: plan.review.includes('marketing') ? 'submit' : 'draft' },
  } as PackageInput;
}
