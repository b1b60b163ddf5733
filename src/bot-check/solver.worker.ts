// The bot check's proof of work, off the main thread: altcha-lib's solver with the browser's PBKDF2
// (Web Crypto), so typing and scrolling stay smooth while it runs. One message in (the challenge), one
// out: the base64 payload the server checks, or an error.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** A challenge is solved within this or given up (a cheap phone needs about a second). */
const TIMEOUT_MS = 60_000;

self.onmessage = async (message: MessageEvent<Challenge>) => {
  try {
    const challenge = message.data;
    const solution = await solveChallenge({ challenge, deriveKey, timeout: TIMEOUT_MS });
    if (solution === null) throw new Error('not solved in time');
    self.postMessage({ proof: btoa(JSON.stringify({ challenge, solution })) });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
