/* A short-lived worker: starts Python once in snapshot mode and keeps its memory, so that the
 * game's next visits start from it (see python-boot.mjs). The page starts it after a visit whose
 * Python started the long way, once the table is up, and ends it when it answers. */
import { makeSnapshot } from "./python-boot.mjs";

postMessage(await makeSnapshot().catch((error) => `failed: ${error}`));
