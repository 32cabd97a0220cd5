// Fixed when the app is built (`define` in vite.config.ts, and in vitest.config.ts for the worker
// tests): true in a local build (`ARCANUM_BUILD=local`: `npm run dev`, the tests), false in the
// production build, which leaves out the code behind it.
declare const __LOCAL_BUILD__: boolean;
