/**
 * The progress line both CLIs draw on stderr: on a terminal one line redrawn in place (`\r`, padded over
 * what was there, cut to the terminal's width so it never wraps, since `\r` only returns to the start of
 * its last row); elsewhere (CI logs) the caller writes plain lines and this stays out of the way.
 */
export interface TextSink {
  write(chunk: string): unknown;
}

export interface StatusLine {
  /** Redraws the line in place (terminal only). */
  draw(line: string): void;
  /** Wipes the drawn line, so a plain line can be written where it was. */
  clear(): void;
  /** Ends a drawn line with a newline, so what follows starts on a fresh line. Safe to call twice. */
  end(): void;
}

export function createStatusLine(sink: TextSink, options: { columns?: number | undefined } = {}): StatusLine {
  const width = Math.max(40, (options.columns ?? 100) - 1);
  let drawn = 0; // characters of the line currently on screen
  return {
    draw(full) {
      const line = full.length > width ? `${full.slice(0, width - 1)}…` : full;
      sink.write(`\r${line}${' '.repeat(Math.max(0, drawn - line.length))}`);
      drawn = line.length;
    },
    clear() {
      if (drawn > 0) sink.write(`\r${' '.repeat(drawn)}\r`);
      drawn = 0;
    },
    end() {
      if (drawn > 0) sink.write('\n');
      drawn = 0;
    },
  };
}
