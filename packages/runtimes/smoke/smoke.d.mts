// What TypeScript reads for smoke.mjs (plain JavaScript, so every runtime runs it as it is).
export declare const loopbackFakeOptions: Record<string, unknown>;
export declare function smoke(packages: Record<'commerce' | 'commerceTesting' | 'marketplace' | 'marketplaceTesting', unknown>, options?: { loopbackUrl?: string; serveCallbacks?: (handler: (request: Request) => Promise<Response>) => ((request: Request) => Promise<Response>) | Promise<(request: Request) => Promise<Response>> }): Promise<Record<string, unknown>>;
export declare const NEVER_ANSWERS: string;
