/** The --help text. */
export const USAGE = `Usage: magekit-commerce bulk <status|wait> <uuid> [options]
       magekit-commerce bulk resume <journal> [options]
       magekit-commerce types pull [options]
       magekit-commerce export <route> [options]
       magekit-commerce changes <route> --checkpoint-file <file> [options]

Commands:
  bulk status <uuid>   Read a bulk once: counts per status and the failures
  bulk wait <uuid>     Follow a bulk until every operation has closed, then
                       print the outcome (a progress bar on a terminal, one
                       line per change otherwise; progress goes to stderr)
  bulk resume <file>   Continue an import from its journal: wait on every
                       bulk it recorded, then list the chunks whose
                       submission outcome is unknown or that were never sent
  types pull           Type the installation's own routes and extension
                       attributes from its live schema (types --help)
  export <route>       Every record of a search route, NDJSON or CSV, read in
                       parallel slices (export --help)
  changes <route>      The records changed since a checkpoint file, as NDJSON
                       (changes --help)

Connection:
  --base-url <url>     The installation's address, e.g. https://shop.example.com
                       [MAGEKIT_BASE_URL]
  --store <code>       Store view code [MAGEKIT_STORE_CODE]

Authentication (the first complete method wins):
  --username <name>    Admin user [MAGEKIT_ADMIN_USERNAME]
  --otp <code>         Two-factor code, when 2FA is on [MAGEKIT_ADMIN_OTP]
  Secrets come from the environment, a file or standard input, never from
  flags (flags show in the process list, CI logs and shell history):
    MAGEKIT_TOKEN                  Bearer token, admin or integration
    MAGEKIT_ADMIN_PASSWORD         Admin password (with --username)
    Integration (OAuth 1.0a): MAGEKIT_CONSUMER_KEY, MAGEKIT_CONSUMER_SECRET,
      MAGEKIT_ACCESS_TOKEN, MAGEKIT_ACCESS_TOKEN_SECRET
    Adobe Commerce as a Cloud Service (IMS): MAGEKIT_IMS_CLIENT_ID,
      MAGEKIT_IMS_CLIENT_SECRET, MAGEKIT_IMS_ORG_ID
  NAME_FILE=/path reads a secret NAME from a file; NAME_FILE=- from stdin.
  --token, --password and other secret flags are refused.

Waiting (bulk wait, bulk resume):
  --max-wait <time>        Give up after this long (default 30m)
  --stall-after <time>     Give up when no operation closes for this long
                           (default 5m)
  --poll-interval <time>   Shortest pause between polls (default 1s)
  -q, --quiet              No progress output
  Times: 500ms, 90s, 15m, 2h; a bare number is seconds.

Output:
  --json               Print the outcome (or the error) as JSON on stdout
  --failures <n>       List at most n failed operations (default 10; 0 for none)
  -h, --help           Show this help
  -v, --version        Show the version

Exit codes:
  0    every operation completed
  1    error: bad arguments, no bulk with that UUID, credentials refused,
       server unreachable
  2    operations failed or were rejected
  3    operations still open or never reported: \`status\` of a running
       bulk, or \`wait\` gave up (stalled, or --max-wait passed)
  4    \`resume\`: the journal lists chunks not known to be queued (check
       the unknown ones before sending them again)
  130  interrupted (Ctrl-C); the bulk keeps running on the platform
`;
