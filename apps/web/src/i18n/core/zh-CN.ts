/**
 * Simplified Chinese texts of the login page and the shell (tab bar, error toasts, launch
 * popups): the only texts loaded before the first page. ../zh-CN.ts holds the rest.
 */
const zhCNCore = {
  app: {
    name: '寻迹',
  },
  common: {
    back: '返回',
    confirm: '确定',
    cancel: '取消',
    save: '保存',
    close: '关闭',
    loading: '加载中…',
    comingSoon: '功能即将上线，敬请期待',
    notSet: '未设置',
  },
  tabs: {
    home: '首页',
    message: '消息',
    mine: '我的',
  },
  errors: {
    systemError: '系统错误',
    requestError: '请求错误',
    requestTimeout: '请求超时',
    checkNetwork: '请检查网络连接',
    tryAgainLater: '系统错误，请稍后重试',
    packageNotLoaded: '数据包未加载，请稍后重试',
    connectionTimedOut: '连接服务器超时，点击屏幕重试',
    tooFast: '操作太快了',
    setFailed: '设置失败',
    wechatBindingError: '微信绑定出错',
    operationFailure: '操作失败',
    downloadPlayFailed: '下载播放失败',
    savePlaybackFailed: '保存回放失败，请检查文件权限',
    qrSaveFailed: '二维码保存失败',
    qrUnavailable: '二维码不可用',
    locationFailed: '获取位置失败',
    openLocationFailed: '打开位置失败',
    loginAgain: '请重新登录',
    signInFirst: '请先登录',
  },
  login: {
    title: '登录',
    byAccount: '账号登录',
    byPhone: '手机号登录',
    accountPlaceholder: '用户名 / 手机号 / 设备号',
    phonePlaceholder: '请输入手机号',
    passwordPlaceholder: '请输入密码',
    remember: '记住密码',
    submit: '登录',
    register: '注册账号',
    forgot: '忘记密码？',
    wechat: '微信登录',
    apple: '通过 Apple 登录',
    success: '登录成功',
  },
  languages: {
    'zh-CN': '中文',
    en: 'English',
  },
  verification: {
    phone: '手机号',
    phonePlaceholder: '请输入手机号',
    captcha: '图形验证码',
    captchaPlaceholder: '请输入右侧字符',
    captchaAlt: '图形验证码，点击刷新',
    code: '验证码',
    codePlaceholder: '6 位验证码',
    getCode: '获取验证码',
    resendIn: '{{seconds}} 秒后重发',
    codeSent: '验证码已发送',
  },
  notice: {
    title: '公告',
    empty: '暂无公告',
    publishedAt: '发布于 {{time}}',
    view: '查看公告',
  },
  ad: {
    skip: '跳过 {{seconds}}',
  },
  // The offline banner and failed pages: shown by the shell, on the login page too.
  failure: {
    offlineBanner: '无法连接服务器，显示的可能不是最新数据',
    offlineTitle: '无法连接服务器',
    pageNotLoaded: '页面加载失败',
    pageNotLoadedText: '页面文件未能下载，请重试。',
    notFoundTitle: '内容不存在或无权查看',
    retry: '重试',
    deviceNotFound: '设备不存在或无权查看',
    deviceNotFoundText: '它可能已被解绑，或不是当前账号的设备。',
  },
};

export default zhCNCore;
