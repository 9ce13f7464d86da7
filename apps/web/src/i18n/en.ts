import type { Messages } from './messages';

/** English; `satisfies Messages` keeps its keys exactly those of zh-CN.ts. */
const en = {
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
  home: {
    title: 'Xunji',
  },
  message: {
    title: 'Messages',
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
  register: {
    title: 'Create account',
    submit: 'Create account and sign in',
    agreePrefix: 'I have read and agree to the ',
    success: 'Account created',
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
  password: {
    label: 'Password',
    placeholder: '6-20 characters, no Chinese',
    confirm: 'Confirm',
    confirmPlaceholder: 'Enter the password again',
    old: 'Current',
    oldPlaceholder: 'Current password',
    new: 'New password',
  },
  retrieve: {
    title: 'Reset password',
    submit: 'Reset password',
    success: 'Password reset, please sign in with the new password',
  },
  bindNumber: {
    title: 'Bind phone number',
    intro:
      'Confirm your account and password to bind a phone number, which you can then use to sign in and reset the password.',
    username: 'Account',
    usernamePlaceholder: 'Username / device number',
    password: 'Password',
    submit: 'Bind',
    success: 'Phone number bound',
  },
  safety: {
    title: 'Account and security',
    password: 'Change password',
    phone: 'Phone number',
    notBound: 'Not bound',
    writeOff: 'Cancel account',
  },
  nickname: {
    title: 'Nickname',
    label: 'Nickname',
    placeholder: '1-24 characters, a Chinese character counts as two',
    success: 'Nickname saved',
  },
  amendPwd: {
    title: 'Change password',
    success: 'Password changed, please sign in again',
  },
  writeOff: {
    title: 'Cancel account',
    warningTitle: 'Cancelling removes the following for good; it cannot be undone:',
    warnings: [
      'Your account details (username, nickname, phone number) and sign-in history',
      'The binding to every device; the devices leave your device list',
      'Your alarm settings, alarm messages, fences and shared locations',
      'Value-added services not yet used',
    ],
    ownPhoneHint: 'Enter the phone number bound to this account, {{phone}}, to confirm.',
    bindFirst: 'Bind a phone number',
    confirmContent: 'The data cannot be recovered afterwards. Continue?',
    submit: 'Cancel account',
    success: 'Account cancelled',
  },
  mine: {
    title: 'Mine',
    userType: {
      enterprise: 'Enterprise user',
      personal: 'Personal user',
      device: 'Device account',
    },
    accountSafety: 'Account and security',
    nickname: 'Nickname',
    language: 'Language',
    announcements: 'Announcements',
    support: 'Contact us',
    privacy: 'Privacy notice',
    terms: 'Service terms',
    about: 'About',
    signOut: 'Sign out',
    signOutConfirm: 'Sign out now?',
  },
  languages: {
    'zh-CN': '中文',
    en: 'English',
  },
  about: {
    title: 'About',
    description:
      'Xunji is an open GPS-tracking platform that shows where your vehicle, elderly, child and pet trackers are and how they are doing.',
    version: 'Version {{version}}',
    versionCode: 'Build {{code}}',
  },
  support: {
    title: 'Contact us',
    phone: 'Phone',
    email: 'E-mail',
    hours: 'Service hours',
    hoursValue: 'Monday to Sunday, 9:00-18:00 (China time), except public holidays',
    unavailable: 'Not available',
  },
  notice: {
    title: 'Announcements',
    empty: 'No announcements',
    publishedAt: 'Published {{time}}',
    view: 'View announcement',
  },
  upgrade: {
    title: 'New version available',
    version: 'Latest version {{version}}',
    notes: 'What is new',
    update: 'Update now',
    later: 'Later',
    upToDate: 'You have the latest version',
  },
  ad: {
    skip: 'Skip {{seconds}}',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you asked for does not exist or has been removed.',
    home: 'Back to home',
  },
  legal: {
    and: ' and the ',
    serviceTerms: 'Service Terms',
    privacyNotice: 'Privacy Notice',
  },
  privacy: {
    title: 'Privacy notice',
    updated: 'Last updated: 1 January 2025',
    sections: [
      {
        heading: 'Introduction',
        body: 'Xunji ("we") lets you see the location, history track, electronic fences and alarms of GPS tracking devices. This notice explains what personal data we collect, how we use and keep it, and your rights. By using the service you confirm that you have read this notice.',
      },
      {
        heading: 'What we collect',
        body: 'Account data: username, nickname, phone number and your password in hashed form. Device data: the numbers of the devices you bind and what they report — position (longitude, latitude, time, speed, heading), battery, signal and alarm events. Usage data: sign-in times, app version, browser or phone model and language. We collect nothing the service does not need.',
      },
      {
        heading: 'How location data is used',
        body: 'Positions reported by a device are used only to show its live location, history track, stay and trip reports to the accounts allowed to see that device, to detect fence entry and exit, and to send alarms. When you share a location, anyone with the link can see the device position for the period you chose.',
      },
      {
        heading: 'How long we keep it',
        body: 'Device positions are kept for 12 months and then deleted automatically; alarm messages for 6 months; account data for as long as the account exists, unless the law requires longer.',
      },
      {
        heading: 'Sharing',
        body: 'A device can be bound by several accounts, for example family members; every account bound to the device can see its location and alarms. Verification codes are sent by our SMS provider, which receives only the phone number and the message text. We give your personal data to no other third party without your consent, unless the law requires it.',
      },
      {
        heading: 'Your rights',
        body: 'Under Mine you can see and change your nickname, change your password, bind a phone number and unbind devices. Under Account and security you can cancel your account: we then delete your personal data and remove your binding to every device.',
      },
      {
        heading: 'Security',
        body: 'Passwords are hashed before they leave your device and stored with a one-way hash; data travels over encrypted connections; only authorised staff can reach the servers.',
      },
      {
        heading: 'Contact',
        body: 'For any question about this notice, call or e-mail us using the details on Mine > Contact us. We answer within 15 working days.',
      },
    ],
  },
  terms: {
    title: 'Service terms',
    updated: 'Last updated: 1 January 2025',
    sections: [
      {
        heading: 'The service',
        body: 'Xunji provides location, history track, electronic fences, alarm notifications, remote settings and related value-added services for the GPS tracking devices you bind. The functions available depend on the device model and the services you activate.',
      },
      {
        heading: 'Your account',
        body: 'You register with a mobile phone number and are responsible for everything done with your account. Keep your password safe; if you think someone else uses your account, change the password at once and contact us.',
      },
      {
        heading: 'Lawful use',
        body: 'Bind only devices you own or whose wearer has agreed. Do not use the service to follow other people without their consent, to invade their privacy or for anything unlawful. We may suspend or end the service of anyone who breaks these terms.',
      },
      {
        heading: 'Accuracy',
        body: 'Positions depend on satellite, cell tower, Wi-Fi and network conditions and may be inaccurate or late. The service is not an emergency service: in an emergency call the police or an ambulance at once.',
      },
      {
        heading: 'Paid services',
        body: 'Data, SMS and phone-call packages are virtual goods that take effect at once and are not refundable, except where the law says otherwise. Prices and periods are those shown when you buy.',
      },
      {
        heading: 'Cancellation',
        body: 'You may cancel your account at any time under Account and security. Your personal data is then deleted and your device bindings removed; this cannot be undone.',
      },
      {
        heading: 'Changes',
        body: 'We may update these terms when the service or the law changes and will announce it in the app. Using the service after an update means you accept the new terms.',
      },
    ],
  },
} satisfies Messages;

export default en;
