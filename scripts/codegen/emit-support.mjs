// generated/support.ts: the one module generated type files import. It names, one by one, the few
// hand-written types the generated files are written against (a method's signature, the async and bulk
// method shapes, the installation hooks, the searchCriteria input), so generated code leans on one
// seam the generator owns and lists, instead of reaching into the package's modules file by file.

/** What generated files use from hand-written modules, per target: `[{ from, names }]`. */
function supportImports(target) {
  const imports = [{ from: target.methodsModule, names: [target.methodType] }];
  if (target.variantTrees) imports.push({ from: '../async/types.ts', names: ['AsyncMethod', 'BulkMethod'] });
  if (target.installationHooks) imports.push({ from: '../routes/installation.ts', names: ['InstallationBulkRouteKey', 'InstallationExtensions', 'InstallationListRouteKey', 'InstallationRoutes', 'InstallationWriteRouteKey'] });
  if (target.searchCriteriaType) imports.push({ from: '../search/types.ts', names: [target.searchCriteriaType] });
  return imports;
}

export function emitSupport(target, header) {
  const lines = supportImports(target).map(({ from, names }) => `export type { ${names.join(', ')} } from '${from}';`);
  return `${header}// The only module the other generated files import: the hand-written types they are written against.
${lines.join('\n')}
`;
}
