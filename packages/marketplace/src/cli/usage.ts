/** The --help text. */
export const USAGE = `Usage: magekit-marketplace <command> [options]

Commands:
  release <manifest.json>   Upload the package files, wait for the malware scan,
                            submit, then wait for the technical and marketing
                            reviews (progress on stderr: one redrawn line on a
                            terminal, a line per change otherwise)
  status <submission_id>    The review status of a submission, read once
  results <submission_id>   Test results: each tool's status, a link to its
                            detailed report, and what failed

Connection (credentials from the environment, a file or standard input,
never flags: flags show in the process list, CI logs and shell history):
  MAGEKIT_EQP_APP_ID        Application ID of an API key
  MAGEKIT_EQP_APP_SECRET    Application secret of that key (or
                            MAGEKIT_EQP_APP_SECRET_FILE=/path; =- reads stdin)
  -e, --environment <env>   sandbox (default) or production [MAGEKIT_EQP_ENV]
  --base-url <url>          Another address for the API, e.g. a test fake
                            [MAGEKIT_EQP_BASE_URL]

Release:
  --no-wait                 Stop once the submission is accepted (exit 0)
  --max-wait <time>         Give up waiting for the reviews after this long
                            (default 1h; the reviews go on)
  --scan-wait <time>        Give up waiting for the malware scan (default 10m)
  --poll-interval <time>    Pause between status reads (default: 2s for the
                            scan, 30s for the reviews)
  Times: 500ms, 90s, 15m, 2h; a bare number is seconds.

Output:
  --json                    The outcome (or the error) as JSON on stdout
  -q, --quiet               No progress output
  -h, --help                Show this help
  -v, --version             Show the version

Release manifest (paths relative to it; one package object, or several):
  { "packages": [{ "item_id": "acme-checkout-1.2.0",
                   "artifact": "build/acme-checkout.zip",
                   "documentation": { "user": "docs/user-guide.pdf" },
                   "media": { "icon": "media/icon.png", "gallery": ["media/1.png"] },
                   "review": ["technical", "marketing"],
                   "fields": { "type": "extension", "platform": "M2",
                               "name": "Acme Checkout", "version": "1.2.0", ... } }] }

Exit codes (release: the first that applies to any package):
  0    passed: every review passed (release --no-wait: every package submitted;
       results: every tool passed)
  1    error: bad arguments or manifest, credentials refused, network, ...
  2    a review failed (technical or marketing rejected; results: a tool failed)
  3    refused before review: a file failed the malware scan, or the service
       refused the package at submission (its code and message are printed)
  4    still in review when the wait ended (status: not decided yet)
  130  interrupted (Ctrl-C); what was submitted stays submitted
`;
