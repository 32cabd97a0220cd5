// Remix's single fetch (turned on in vite.config.ts) changes what loaders and actions return to the page.
import "@remix-run/cloudflare";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}
