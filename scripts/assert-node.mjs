// npm scripts must run on the Node the repo pins (node@24 in devDependencies). If the install skipped
// its scripts, npm falls back to the system Node, where msw 3 intercepts nothing and vitest 5 crashes.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`magekit needs Node 22 or newer; this is Node ${process.versions.node}.\n` +
    'The repo installs Node 24 as a devDependency: run `npm rebuild node` (or `npm ci` without --ignore-scripts) and retry.');
  process.exit(1);
}
