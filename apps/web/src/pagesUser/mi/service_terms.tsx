import { LegalDocument } from '../../components/LegalDocument';

export default function ServiceTermsPage() {
  return <LegalDocument document="terms" />;
}
