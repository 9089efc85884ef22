// The layering rule for generated code (docs/design.md): a file in src/generated/ imports other
// generated files, npm packages, or ./support.ts (which the generator writes); only support.ts reaches
// the package's hand-written modules, and never back into generated/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every import in `generatedDir` that breaks the rule, as `file: specifier`. */
export function generatedImportViolations(generatedDir: string): string[] {
  const violations: string[] = [];
  for (const file of readdirSync(generatedDir).filter((name) => name.endsWith('.ts'))) {
    const text = readFileSync(join(generatedDir, file), 'utf8');
    for (const [, specifier] of text.matchAll(/^(?:import|export)[^'"\n]*from '([^']+)'/gm)) {
      const outside = specifier!.startsWith('../');
      const allowed = file === 'support.ts' ? outside && !specifier!.includes('/generated/') : !outside;
      if (!allowed) violations.push(`${file}: ${specifier}`);
    }
  }
  return violations;
}
