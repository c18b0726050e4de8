/**
 * `run`, called once a burst of calls is over: `quiet` ms after the last of them. An editor's save
 * is several writes within a few milliseconds (a temporary file, a rename, a mode), each a watcher
 * event; they make one rebuild, not one each.
 */
export function afterBurst(quiet: number, run: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(run, quiet);
  };
}
