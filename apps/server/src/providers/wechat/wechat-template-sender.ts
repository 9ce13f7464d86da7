import { alarmTemplateParams, type AlarmNotice } from '../alarm-notice.js';
import { delivered, failed, unreachable, type DeliveryOutcome } from '../delivery-outcome.js';
import type { CachedToken } from '../cached-token.js';
import { wechatAccessToken, type WechatAccessTokenOptions } from './wechat-access-token.js';
import type { WechatAlarmSender } from './wechat-alarm-sender.js';
import {
  callWithAccessToken,
  isRetryableErrcode,
  isStaleTokenErrcode,
  WechatApiError,
  type WechatAnswer,
} from './wechat-api.js';

type TemplateVariable = keyof ReturnType<typeof alarmTemplateParams>;

export interface WechatTemplateOptions extends WechatAccessTokenOptions {
  templateId: string;
  /** The template's field for each variable; the default suits a keyword1…keyword4 template. */
  fields?: Record<TemplateVariable, string>;
}

const KEYWORD_FIELDS: Record<TemplateVariable, string> = {
  device: 'keyword1',
  alarm: 'keyword2',
  time: 'keyword3',
  address: 'keyword4',
};

/** Official-account template message (`/cgi-bin/message/template/send`). */
export class WechatTemplateSender implements WechatAlarmSender {
  readonly name = 'wechat';
  private readonly tokens: CachedToken;

  constructor(private readonly options: WechatTemplateOptions) {
    this.tokens = wechatAccessToken(options);
  }

  async send(
    openId: string,
    notice: AlarmNotice,
    options: { url?: string } = {},
  ): Promise<DeliveryOutcome> {
    const fields = this.options.fields ?? KEYWORD_FIELDS;
    const values = alarmTemplateParams(notice);
    const message = {
      touser: openId,
      template_id: this.options.templateId,
      ...(options.url ? { url: options.url } : {}),
      data: Object.fromEntries(
        (Object.keys(fields) as TemplateVariable[]).map((name) => [
          fields[name],
          { value: values[name] },
        ]),
      ),
    };
    try {
      let answer = await this.post(message);
      if (isStaleTokenErrcode(answer.errcode)) answer = await this.post(message);
      const { errcode, result } = answer;
      if (errcode === 0)
        return delivered(result.msgid === undefined ? undefined : String(result.msgid));
      return failed(
        // a token refused twice: another process fetched a newer one; the next try gets it
        isRetryableErrcode(errcode) || isStaleTokenErrcode(errcode),
        `WeChat refused: ${errcode} ${result.errmsg ?? ''}`.trim(),
      );
    } catch (error) {
      if (error instanceof WechatApiError) return failed(error.retryable, error.message);
      return unreachable('WeChat', error);
    }
  }

  private async post(message: object): Promise<{ result: WechatAnswer; errcode: number }> {
    const result = await callWithAccessToken(
      this.options,
      this.tokens,
      'cgi-bin/message/template/send',
      {},
      message,
    );
    return { result, errcode: result.errcode ?? 0 };
  }
}
