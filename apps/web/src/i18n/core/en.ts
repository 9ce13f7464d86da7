import type { CoreMessages } from '../messages';

/** English texts of the login page and the shell; keys exactly those of ./zh-CN.ts. */
const enCore = {
  app: {
    name: 'Xunji',
  },
  common: {
    back: 'Back',
    confirm: 'OK',
    cancel: 'Cancel',
    save: 'Save',
    close: 'Close',
    loading: 'Loading…',
    comingSoon: 'Coming soon',
    notSet: 'Not set',
  },
  tabs: {
    home: 'Home',
    message: 'Messages',
    mine: 'Mine',
  },
  errors: {
    systemError: 'System Error',
    requestError: 'Request Error',
    requestTimeout: 'Request Timeout',
    checkNetwork: 'Please check the network connection',
    tryAgainLater: 'System error please try again later',
    packageNotLoaded: 'Not loaded into the data package please try again later',
    connectionTimedOut: 'Connection to server timed out, tap screen to retry',
    tooFast: 'Operation too fast',
    setFailed: 'Set failed',
    wechatBindingError: 'WeChat binding error',
    operationFailure: 'Operation failure',
    downloadPlayFailed: 'Download and play failed',
    savePlaybackFailed: 'Save playback failed, please check the file permission',
    qrSaveFailed: 'QR code saving failed',
    qrUnavailable: 'QR code unavailable',
    locationFailed: 'Get location failed',
    openLocationFailed: 'Open location failed',
    loginAgain: 'Please sign in again',
    signInFirst: 'Please sign in first',
  },
  login: {
    title: 'Sign in',
    byAccount: 'Account',
    byPhone: 'Phone number',
    accountPlaceholder: 'Username / phone / device number',
    phonePlaceholder: 'Mobile number',
    passwordPlaceholder: 'Password',
    remember: 'Remember password',
    submit: 'Sign in',
    register: 'Create account',
    forgot: 'Forgot password?',
    success: 'Signed in',
  },
  languages: {
    'zh-CN': '中文',
    en: 'English',
  },
  verification: {
    phone: 'Mobile',
    phonePlaceholder: 'Mobile number',
    captcha: 'Picture code',
    captchaPlaceholder: 'As pictured',
    captchaAlt: 'Picture code, tap to refresh',
    code: 'Code',
    codePlaceholder: '6-digit code',
    getCode: 'Get code',
    resendIn: 'Resend in {{seconds}} s',
    codeSent: 'Code sent',
  },
  notice: {
    title: 'Announcements',
    empty: 'No announcements',
    publishedAt: 'Published {{time}}',
    view: 'View announcement',
  },
  ad: {
    skip: 'Skip {{seconds}}',
  },
} satisfies CoreMessages;

export default enCore;
