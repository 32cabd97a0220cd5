// Debian's chromium, driven by playwright-core (which cannot download a browser here): launched the
// same way by the browser tests and by the screenshot script.
import { existsSync, renameSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

/**
 * Debian's headless shell when it is installed (`apt-get install chromium-headless-shell`): the same
 * engine without the desktop browser around it, which ran the app's browser tests on about 40 % less
 * CPU (docs/decisions/0093); else the full browser.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

/**
 * Headless Chromium names itself HeadlessChrome, which isbot (rightly) takes for a crawler; pages are
 * opened as the person using Chromium would see them.
 */
export const PERSON_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/**
 * A small camera picture for the fake camera (`smallCamera`): 160 × 120 at 10 frames a second, a
 * light bar sweeping across a dark frame, as a YUV4MPEG2 file Chromium plays in a loop. Its own
 * fake camera sends 640 × 480 at 30 frames a second, which four people in a call each encode for
 * every other: about 35 CPU-seconds for one video test (docs/decisions/0093).
 */
function smallCameraFile(): string {
  const [width, height, frames] = [160, 120, 10];
  const file = path.join(tmpdir(), `arcanum-camera-${width}x${height}-${frames}.y4m`);
  if (existsSync(file)) return file;
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let frame = 0; frame < frames; frame++) {
    const luma = Buffer.alloc(width * height, 40);
    const bar = Math.floor((frame * width) / frames);
    for (let y = 0; y < height; y++) luma.fill(200, y * width + bar, y * width + Math.min(width, bar + width / frames));
    parts.push(Buffer.from("FRAME\n"), luma, Buffer.alloc((width / 2) * (height / 2) * 2, 128));
  }
  // Written beside and renamed, so a browser starting meanwhile never reads half a file.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.concat(parts));
  renameSync(partial, file);
  return file;
}

/** A second of silence, 8 kHz mono WAV, for the fake microphone beside the small camera. */
function quietMicrophoneFile(): string {
  const file = path.join(tmpdir(), "arcanum-microphone-quiet.wav");
  if (existsSync(file)) return file;
  const samples = 8000;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(16000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36);
  wav.writeUInt32LE(samples * 2, 40);
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, wav);
  renameSync(partial, file);
  return file;
}

/** Bytes Chromium's shared memory may take in /dev/shm before it is counted too small to use. */
const SHM_ENOUGH = 1024 ** 3;

/**
 * Whether /dev/shm is large enough for Chromium's shared memory. Playwright tells Chromium to keep
 * it in files under /tmp instead (`--disable-dev-shm-usage`), for containers whose /dev/shm is
 * 64 MB; where /tmp is a disk, every frame and message between Chromium's processes is then written
 * to files (docs/decisions/0093).
 */
function roomyShm(): boolean {
  try {
    const shm = statfsSync("/dev/shm");
    return shm.bavail * shm.bsize >= SHM_ENOUGH;
  } catch {
    return false;
  }
}

/**
 * `full`: the whole browser even where the headless shell is installed, for what the shell lacks
 * (showing notifications). `smallCamera`: the fake camera shows a small, slow picture instead of
 * Chromium's own, for tests that only need video to flow.
 */
export function launchChromium({ full = false, smallCamera = false } = {}): Promise<Browser> {
  const executablePath = full ? (process.env.CHROMIUM_PATH ?? FULL_CHROMIUM) : CHROMIUM;
  return chromium.launch({
    executablePath,
    ...(roomyShm() && process.env.ARCANUM_SHM !== "0" ? { ignoreDefaultArgs: ["--disable-dev-shm-usage"] } : {}),
    args: [
      // The full browser's headless mode; the headless shell has only the one.
      ...(executablePath === HEADLESS_SHELL ? [] : ["--headless=new"]),
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // A camera and microphone that always say yes, for the video call.
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      ...(smallCamera ? [`--use-file-for-fake-video-capture=${smallCameraFile()}`, `--use-file-for-fake-audio-capture=${quietMicrophoneFile()}`] : []),
      "--disable-features=WebRtcHideLocalIpsWithMdns",
    ],
  });
}

/**
 * Waits until React has hydrated the page and drawn the address the browser shows (the root marks
 * it), so clicks are handled by the app, not only by the browser, and a page reached by a link
 * inside the app is the one on screen: the address changes before the new page is drawn.
 */
export async function hydrated(page: Page) {
  // Between two documents there may be no root element to ask.
  await page.waitForFunction(() => document.documentElement?.dataset.hydrated === location.pathname + location.search);
}
