/** The devices module's public surface: other modules and the server import only this file. */
export { DEFAULT_DEVICE_LIMITS, iclockRoutes, type DeviceLimits } from './iclock-routes';
export { deviceRoutes } from './routes';
export { istDeviceTime, SimulatedDevice } from './simulated-device';
