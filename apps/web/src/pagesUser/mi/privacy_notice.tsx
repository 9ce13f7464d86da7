import { LegalDocument } from '../../components/LegalDocument';

export default function PrivacyNoticePage() {
  return <LegalDocument document="privacy" />;
}
