import { useSearchParams } from 'react-router';
import { deviceIdParam } from '../../devices/useDeviceId';
import { RequireAuth } from '../../router/RequireAuth';
import { ManageShares } from '../../share/ManageShares';
import { PublicShare } from '../../share/PublicShare';

/**
 * /pagesMore/distribute/location: with `?code=`, a shared device for anyone holding the link (no
 * sign-in: the path is public); with `?id=`, the device's share sheet for its signed-in manager.
 */
export default function DistributeLocationPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  if (code !== null) return <PublicShare code={code} />;
  return (
    <RequireAuth>
      <ManageShares deviceId={deviceIdParam(params)} />
    </RequireAuth>
  );
}
