import { bundleEntries, bundleSize } from './bundle.ts';
for (const e of bundleEntries) console.log(e.name, (await bundleSize(e)).gzip);
