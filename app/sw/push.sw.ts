// Web Push in the service worker: shows pushed notifications and opens what a click on one asks for.
export {};
