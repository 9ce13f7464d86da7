import {
  byteLength,
  isMobile,
  isPassword,
  isSmsCode,
  validationMessages,
  type ValidationMessageKey,
} from '@xunji/shared';
import type { FormItemProps } from 'antd-mobile';
import { useAppStore } from '../stores/app';

export type Rules = NonNullable<FormItemProps['rules']>;

const isNickname = (value: string) =>
  byteLength(value.trim()) >= 1 && byteLength(value.trim()) <= 24;

/** Form rules of spec §5, with the shared messages in the current language. */
export function useRules() {
  const language = useAppStore((s) => s.language);
  const message = (key: ValidationMessageKey) => validationMessages[key][language];
  const check = (test: (value: string) => boolean, key: ValidationMessageKey): Rules => [
    {
      validator: async (_, value: unknown) => {
        if (!test(typeof value === 'string' ? value : '')) throw new Error(message(key));
      },
    },
  ];
  return {
    message,
    required: (key: ValidationMessageKey = 'required'): Rules => [
      { required: true, whitespace: true, message: message(key) },
    ],
    mobile: check(isMobile, 'mobile'),
    smsCode: check(isSmsCode, 'smsCode'),
    password: check(isPassword, 'password'),
    nickname: check(isNickname, 'nickname'),
    /** The value must equal the field `other` (password confirmation). */
    sameAs: (other: string): Rules => [
      ({ getFieldValue }) => ({
        validator: async (_, value: unknown) => {
          if (value !== getFieldValue(other)) throw new Error(message('passwordConfirm'));
        },
      }),
    ],
    agreement: [
      {
        validator: async (_, value: unknown) => {
          if (value !== true) throw new Error(message('agreement'));
        },
      },
    ] satisfies Rules,
  };
}
