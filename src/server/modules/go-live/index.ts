/** The go-live module's public surface: other modules and the server import only this file. */
export { readGoLive, saveGoLive } from './go-live-settings';
