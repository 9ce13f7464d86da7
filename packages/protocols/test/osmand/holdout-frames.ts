/**
 * A second corpus of OsmAnd requests, gathered as a hold-out check from sources real-frames.ts
 * does not cite (issue logs, other projects' notes of what they send), verbatim; the one JSON body
 * printed over several lines in its source is joined onto one.
 */
import type { OsmAndFrame } from './real-frames.js';

export const HOLDOUT_FRAMES: OsmAndFrame[] = [
  {
    name: 'Tasker URL with a timestamp in seconds',
    source: 'https://github.com/traccar/traccar/issues/1083',
    frame:
      'http://server:5055/?id=123&lat=38.0001&lon=145.001&timestamp=1424231173&hdop=1&altitude=1&speed=0',
  },
  {
    name: 'Traccar Client Android 2016, hex log with headers',
    source: 'https://github.com/vitalidze/traccar-web/issues/970',
    frame:
      '474554202f3f69643d3136333835382674696d657374616d703d31343830313431323037266c61743d35332e3738393635363638266c6f6e3d2d312e35383033333133382673706565643d302e302662656172696e673d302e3026616c7469747564653d3130352e3026626174743d362e3020485454502f312e310d0a557365722d4167656e743a2044616c76696b2f322e312e3020284c696e75783b20553b20416e64726f696420362e302e313b20534d2d4e39313046204275696c642f4d4d4232394d290d0a486f73743a203136322e3134342e3130332e3233373a353035350d0a436f6e6e656374696f6e3a204b6565702d416c6976650d0a4163636570742d456e636f64696e673a20677a69700d0a0d0a',
  },
  {
    name: 'ESP32 tracker URL with an ISO timestamp',
    source: 'github: README "Données envoyées à Traccar" (serveur1d.trackteur.cc)',
    frame:
      'http://serveur1d.trackteur.cc:5055/?id=DEVICE_ID&lat=48.8566&lon=2.3522&speed=15.5&altitude=35.2&bearing=270&timestamp=2025-12-08T10:30:00Z&hdop=1.2&batt=100',
  },
  {
    name: 'planner app note, minimal URL',
    source: 'github: planner help "Requête reçue : http://PC:5055/?id=alpha-chef"',
    frame: 'http://PC:5055/?id=alpha-chef&lat=48.85&lon=2.35&timestamp=1700000000',
  },
  {
    name: 'request line with an absolute URL and no HTTP version',
    source: 'github: Hutts Tracking docs "Traccar" (GET (OsmAnd))',
    frame:
      'GET http://traccar.yourdomain.com:5055/?id=my-phone&lat=52.12345&lon=-2.12345&accuracy=15&altitude=380&speed=5&batt=85&charge=2&timestamp=1739362800&bearing=180.0',
  },
  {
    name: 'Traccar JSON body without activity or odometer',
    source: 'github: Hutts Tracking docs "Traccar" (POST (Traccar JSON))',
    frame:
      '{"location": {"timestamp": "2025-02-12T13:00:00Z", "coords": {"latitude": 52.12345, "longitude": -2.12345, "accuracy": 15, "altitude": 380, "speed": 5, "heading": 180}, "battery": {"level": 0.85, "is_charging": false}}, "device_id": "huttstracking"}',
  },
  {
    name: 'MQTT bridge URL with alarm=sos',
    source: 'github: MQTT to Traccar bridge (axios.get "...&alarm=sos")',
    frame:
      'http://192.168.0.169:5055/?id=1234567890&lat=23.0&lon=25.0&timestamp=1648415734&alarm=sos',
  },
  {
    name: 'a probe with the id only',
    source:
      'github: deployment notes "Device port: curl -v http://tracker.example:5055/?id=test123"',
    frame: 'http://tracker.example:5055/?id=test123',
  },
];
