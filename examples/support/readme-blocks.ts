// The package READMEs' ```ts blocks as one module each: the examples test runs them against the
// fakes, and the installed-package test type-checks them against the packed declarations.
//
// Each README's blocks are concatenated in order into one module (later blocks use what earlier ones
// declared, as a reader following the page would), with the import declarations hoisted and merged
// (each section shows its own imports). A block whose first line is `// not run` is shown to readers
// but skipped (a real installation, say).
export interface Block {
  code: string;
  /** 1-based line of the block's first code line in the README. */
  line: number;
}

/** The ```ts / ```typescript blocks of a Markdown text, minus those marked `// not run`. */
export function extractBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^```(?:ts|typescript)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;
  for (const match of markdown.matchAll(fence)) {
    const code = match[1]!;
    if (/^\s*\/\/\s*not run\b/i.test(code)) continue;
    blocks.push({ code, line: markdown.slice(0, match.index).split('\n').length + 1 });
  }
  return blocks;
}

interface ModuleImports {
  named: Map<string, string>; // local name -> specifier text (`a`, `a as b`, `type A`)
  defaults: Set<string>;
  namespaces: Set<string>;
  sideEffect: boolean;
}

const IMPORT = /^import\s+(?:(type)\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"];?[ \t]*$|^import\s+['"]([^'"]+)['"];?[ \t]*$/gm;

/** One module: imports hoisted and merged (a name imported by two blocks is declared once), then the blocks in order. */
export function assemble(blocks: readonly Block[], label: string): string {
  const modules = new Map<string, ModuleImports>();
  const owner = new Map<string, string>(); // local name -> module, to catch one name from two modules
  const moduleOf = (name: string): ModuleImports => {
    let entry = modules.get(name);
    if (!entry) modules.set(name, (entry = { named: new Map(), defaults: new Set(), namespaces: new Set(), sideEffect: false }));
    return entry;
  };
  const claim = (local: string, from: string): void => {
    const previous = owner.get(local);
    if (previous !== undefined && previous !== from) throw new Error(`${label}: "${local}" is imported from both ${previous} and ${from}`);
    owner.set(local, from);
  };
  const bodies = blocks.map((block, index) => {
    const body = block.code.replace(IMPORT, (_all, typeOnly: string | undefined, clause: string | undefined, from: string | undefined, bare: string | undefined) => {
      if (bare !== undefined) {
        moduleOf(bare).sideEffect = true;
        return '';
      }
      const target = moduleOf(from!);
      let rest = clause!.trim();
      const braces = /\{([\s\S]*)\}/.exec(rest);
      if (braces) {
        for (const raw of braces[1]!.split(',').map((s) => s.trim()).filter(Boolean)) {
          const spec = typeOnly && !raw.startsWith('type ') ? `type ${raw}` : raw;
          const local = spec.replace(/^type\s+/, '').split(/\s+as\s+/).at(-1)!.trim();
          claim(local, from!);
          // A value import wins over a type-only one of the same name.
          if (!target.named.has(local) || target.named.get(local)!.startsWith('type ')) target.named.set(local, spec);
        }
        rest = rest.replace(braces[0], '');
      }
      const namespace = /\*\s+as\s+(\w+)/.exec(rest);
      if (namespace) {
        claim(namespace[1]!, from!);
        target.namespaces.add(namespace[1]!);
        rest = rest.replace(namespace[0], '');
      }
      const fallback = rest.replace(/,/g, '').trim();
      if (fallback) {
        claim(fallback, from!);
        target.defaults.add(fallback);
      }
      return '';
    });
    return `// ---- ${label}, block ${index + 1} (README line ${block.line})\n${body}`;
  });
  const header: string[] = [];
  for (const [from, m] of modules) {
    for (const name of m.defaults) header.push(`import ${name} from '${from}';`);
    for (const name of m.namespaces) header.push(`import * as ${name} from '${from}';`);
    if (m.named.size) header.push(`import { ${[...m.named.values()].join(', ')} } from '${from}';`);
    if (m.sideEffect && !m.defaults.size && !m.namespaces.size && !m.named.size) header.push(`import '${from}';`);
  }
  // Servers a README starts "for real" (a fixed port) get any free port here, and whatever a README
  // leaves listening on purpose does not keep the run alive once every block has finished.
  const code = bodies.join('\n').replace(/\.listen\(\s*\d+\s*\)/g, '.listen(0)');
  return `${header.join('\n')}\n\n${code}\n\nprocess.exit(0);\n`;
}
