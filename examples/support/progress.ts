/** A one-line progress bar: redrawn in place on a terminal, a line per step elsewhere (CI logs). */
export function progressBar(label: string, out: NodeJS.WriteStream = process.stdout) {
  const width = 30;
  let lastLogged = -1;
  return {
    update(done: number, total: number, extra = '') {
      const ratio = total ? done / total : 1;
      const filled = Math.round(ratio * width);
      const text = `${label} [${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}% ${done}/${total}${extra ? `  ${extra}` : ''}`;
      if (out.isTTY) out.write(`\r${text}`);
      else if (Math.floor(ratio * 10) > lastLogged) {
        lastLogged = Math.floor(ratio * 10);
        out.write(`${text}\n`);
      }
    },
    done() {
      if (out.isTTY) out.write('\n');
    },
  };
}
