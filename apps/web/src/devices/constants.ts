/** The §9 default device password the bind page mentions ("default device password is {secret}"). */
export const DEFAULT_DEVICE_PASSWORD = '123456';
