// The browser's entry: everything it starts is in the start-up chunk (src/start.tsx), so this file
// is one call, not a second list of what that chunk exports.
import { startApp } from './start.tsx';

await startApp();
