// Plays the Lambda runtime: loads the handler module named on the command line and calls
// handler(event, context) once. Prints the result as one JSON line.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [file, loopbackUrl] = process.argv.slice(2);
const { handler } = await import(pathToFileURL(path.resolve(file)).href);
const result = await handler({ loopbackUrl }, { functionName: 'magekit-smoke', getRemainingTimeInMillis: () => 30_000 });
console.log(JSON.stringify({ ...result, node: process.version }));
