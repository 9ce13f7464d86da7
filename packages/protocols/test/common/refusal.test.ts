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
  ])('%s → %s', (text, outcome) => {
    expect(refusalIn(text)).toBe(outcome);
    expect(resultOfText(text)).toEqual(outcome ? { success: false, outcome } : { success: true });
  });
});
