/**
 * What `react-dom` is in the Worker's build (vite.config.ts). The server renders with
 * `react-dom/server` alone; the browser renderer (42 KB gzipped) came along only because
 * react-router-dom imports the package for `flushSync`, which it calls while navigating in a
 * browser. On the server there is nothing to flush: the callback runs as it is.
 */
export function flushSync<T>(callback: () => T): T {
  return callback();
}
