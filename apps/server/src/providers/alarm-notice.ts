/** An alarm as the delivery channels tell it; `time` is already formatted in the user's zone. */
export interface AlarmNotice {
  deviceName: string;
  alarmName: string;
  time: string;
  address?: string;
}

/** The message the development providers record, read as a person would get it. */
export function alarmText(notice: AlarmNotice): string {
  const where = notice.address ? `，位置：${notice.address}` : '';
  return `【寻迹】${notice.deviceName} ${notice.time} ${notice.alarmName}${where}`;
}

const TEMPLATE_VALUE_MAX = 35;

function templateValue(value: string | undefined): string {
  const text = value?.trim() || '未知';
  const characters = [...text];
  return characters.length > TEMPLATE_VALUE_MAX
    ? `${characters.slice(0, TEMPLATE_VALUE_MAX - 1).join('')}…`
    : text;
}

/**
 * The variables of an approved message template (Aliyun SMS and voice, WeChat). Aliyun refuses
 * an empty variable and, in notification templates, one longer than 35 characters.
 */
export function alarmTemplateParams(notice: AlarmNotice): Record<string, string> {
  return {
    device: templateValue(notice.deviceName),
    alarm: templateValue(notice.alarmName),
    time: templateValue(notice.time),
    address: templateValue(notice.address),
  };
}
