// The browser's entry: everything it starts is in the start-up chunk (src/app/start.tsx), so this file
// is one call, not a second list of what that chunk exports.
import { startApp } from './app/start.tsx';

await startApp();
