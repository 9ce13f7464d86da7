/** Simplified Chinese texts of the SIM card, value-added and activation pages. */
const zhCNPackages = {
  sim: { title: 'SIM 卡' },
  services: { title: '增值服务' },
  activation: { title: '激活服务' },
};

export default zhCNPackages;
