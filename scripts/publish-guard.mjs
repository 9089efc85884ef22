#!/usr/bin/env node
// `prepack` of each published package's workspace manifest: `npm publish` or `npm pack` run in
// packages/<name> (or with -w) would ship the workspace's package (src/, the @magekit/source
// condition pointing at it, the build scripts), not the one users should get. It refuses and says
// how to publish. scripts/pack.mjs stages a manifest without scripts, so this never runs there.
import fs from 'node:fs';
import path from 'node:path';

const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8'));
const name = manifest.name.replace(/^@/, '').replace('/', '-');
process.stderr.write(
  [
    `Refusing to pack ${manifest.name} from the workspace: the tarball would contain src/ and the "@magekit/source" export condition.`,
    'Publish the staged package instead, from the repository root:',
    '  npm run build && node scripts/pack.mjs',
    `  npm publish packed/${name}-${manifest.version}.tgz`,
    '',
  ].join('\n'),
);
process.exit(1);
