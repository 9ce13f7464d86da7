import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DangerDialogProps {
  visible: boolean;
  title: string;
  content: ReactNode;
  /** The words of the dangerous choice, drawn in red. */
  confirmText: string;
  /** Closing is the caller's (a failed attempt may keep the dialog open). */
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
}

/** A question whose yes can hurt (cutting a vehicle's oil, stopping live tracking): cancel or a red yes. */
export function DangerDialog({
  visible,
  title,
  content,
  confirmText,
  onConfirm,
  onClose,
}: DangerDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={visible}
      title={title}
      content={content}
      onClose={onClose}
      actions={[
        [
          { key: 'cancel', text: t('remote.cancel'), onClick: onClose },
          { key: 'confirm', text: confirmText, danger: true, bold: true, onClick: onConfirm },
        ],
      ]}
    />
  );
}
