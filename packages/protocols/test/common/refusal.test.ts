import { describe, expect, it } from 'vitest';
import { refusalIn, resultOfText } from '../../src/common/refusal.js';

describe('refusal texts of text-protocol replies', () => {
  it.each([
    ['Cut off the fuel supply: Success!', undefined],
    ['OK!', undefined],
    ['Lat:N31.230416,Lon:E121.473701,Course:90,Speed:0km/h', undefined],
    ['DONE', undefined],
    ['Command error!', 'fail'],
    ['Fail! Speed limit 20km/h, command not executed. Speed: 45km/h', 'fail'],
    ['ERROR', 'fail'],
    ['Invalid command: XYZ#', 'unsupported'],
    ['Unknown command', 'unsupported'],
    ['Invalid parameter: TIMER,1#', 'paramError'],
    ['Format error!', 'paramError'],
    // Concox GT06-family firmware, English and Chinese.
    ['Restore fuel supply: Success!', undefined],
    ['切断油电成功！', undefined],
    ['Already in the state of fuel supply cut off, the command is not running!', undefined],
    ['终端已处于断油电状态，本指令不再执行！', undefined],
    ['Cut off the fuel supply: Delay! speed limit: 20km/h.', 'fail'],
    ['速度超限：20公里/时，切断油电延后执行！', 'fail'],
    ['GPS not fixed, Cut off the fuel supply operation delay execution!', 'fail'],
    ['切断油电延后执行，GPS未定位', 'fail'],
    ['Exec failure!', 'fail'],
    ['断油电失败(设备故障)', 'fail'],
    ['GPS Unfixed,please retry later', 'fail'],
    ['指令格式错误,请修改后重试', 'paramError'],
    ['指令不支持或者错误，请仔细核对！', 'unsupported'],
  ])('%s → %s', (text, outcome) => {
    expect(refusalIn(text)).toBe(outcome);
    expect(resultOfText(text)).toEqual(outcome ? { success: false, outcome } : { success: true });
  });
});
