/**
 * OsmAnd requests from public sources, as their sources give them (query strings, URLs, request
 * lines, Traccar's hex log lines, JSON bodies). `source` names where each was taken from.
 */
export interface OsmAndFrame {
  name: string;
  source: string;
  frame: string;
}

const TRACCAR_TEST =
  'traccar/traccar src/test/java/org/traccar/protocol/OsmAndProtocolDecoderTest.java';
const TRACCAR_DOC = 'https://www.traccar.org/osmand/';

export const REAL_FRAMES: OsmAndFrame[] = [
  // Traccar's query test: OsmAnd and Traccar Client (Android, iOS) and custom senders.
  {
    name: 'cells and Wi-Fi without coordinates',
    source: TRACCAR_TEST,
    frame:
      '/?id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80&wifi=00-1C-B3-09-85-15,-70',
  },
  {
    name: 'ISO timestamp, url-encoded',
    source: TRACCAR_TEST,
    frame:
      '/?id=902064&lat=42.06288&lon=-88.23412&timestamp=2016-01-27T18%3A55%3A47Z&hdop=6.0&altitude=224.0&speed=0.0',
  },
  {
    name: 'millisecond timestamp',
    source: TRACCAR_TEST,
    frame:
      '/?id=902064&lat=42.06288&lon=-88.23412&timestamp=1442068686579&hdop=6.0&altitude=224.0&speed=0.0',
  },
  {
    name: 'yyyy-MM-dd+HH:mm:ss timestamp, id last',
    source: TRACCAR_TEST,
    frame:
      '/?lat=49.60688&lon=6.15788&timestamp=2014-06-04+09%3A10%3A11&altitude=384.7&speed=0.0&id=353861053849681',
  },
  {
    name: 'Traccar Client for Android (seconds, bearing, hdop)',
    source: TRACCAR_TEST,
    frame:
      '/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0',
  },
  {
    name: 'minimal',
    source: TRACCAR_TEST,
    frame: '/?id=123456&timestamp=1377177267&lat=60.0&lon=30.0',
  },
  {
    name: 'deviceid, heading, no timestamp',
    source: TRACCAR_TEST,
    frame: '/?lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid=123456',
  },
  {
    name: 'battery, no timestamp',
    source: TRACCAR_TEST,
    frame:
      '/?id=861001000719969&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87',
  },
  {
    name: 'location=lat,lon',
    source: TRACCAR_TEST,
    frame: '/?id=123456&timestamp=1377177267&location=60.0,30.0',
  },
  {
    name: 'vehicle sender (ignition, rpm, fuel)',
    source: TRACCAR_TEST,
    frame:
      '/?id=123456789012345&timestamp=1504763810&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24',
  },
  // Traccar's JSON test: Traccar Client 9.x (the background-geolocation SDK's location).
  {
    name: 'Traccar Client JSON, Android emulator',
    source: TRACCAR_TEST,
    frame:
      '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"48241179"}',
  },
  {
    name: 'Traccar Client JSON with extras',
    source: TRACCAR_TEST,
    frame:
      '{"location":{"timestamp":"2025-06-15T13:45:12.862Z","coords":{"latitude":37.4219983,"longitude":-122.084,"accuracy":5,"speed":0,"heading":-1,"altitude":5},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{"device_string_test":"long_device_id","device_bool_test":true,"device_bool_false_test":false,"device_integer_test":1,"device_double_test":1.345,"device_very_long_double_test":1763636.3442},"_":"&id=48241179&lat=37.4219983&lon=-122.084&timestamp=2025-06-15T13:45:12.862Z&"},"device_id":"48241179"}',
  },
  {
    name: 'Traccar Client JSON, iOS simulator (mock, unknown speed and battery)',
    source: TRACCAR_TEST,
    frame:
      '{"location":{"extras":{},"mock":true,"coords":{"speed_accuracy":-1,"speed":-1,"longitude":-122.406417,"ellipsoidal_altitude":0,"floor":null,"heading_accuracy":-1,"latitude":37.785834000000001,"accuracy":5,"altitude_accuracy":-1,"altitude":0,"heading":-1},"is_moving":false,"age":188,"odometer":0,"uuid":"2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8","event":"motionchange","battery":{"level":-1,"is_charging":false},"activity":{"type":"unknown","confidence":100},"timestamp":"2025-05-09T04:11:30.579Z"},"device_id":"658765"}',
  },
  {
    name: 'Traccar Client JSON, Android phone moving',
    source: TRACCAR_TEST,
    frame:
      '{"location":{"event":"motionchange","is_moving":false,"uuid":"0e9a2473-a9a7-4c00-997b-fb97d2154e75","timestamp":"2021-07-21T08:06:34.444Z","odometer":0,"coords":{"latitude":-6.1148096,"longitude":106.6837015,"accuracy":3.8,"speed":18.67,"speed_accuracy":0.26,"heading":63,"heading_accuracy":0.28,"altitude":35.7,"altitude_accuracy":3.8},"activity":{"type":"still","confidence":100},"battery":{"is_charging":false,"level":0.79},"extras":{}},"device_id":"8737767034"}',
  },
  // Traccar's protocol page: full URLs.
  {
    name: 'documented URL, milliseconds',
    source: TRACCAR_DOC,
    frame: 'http://demo.traccar.org:5055/?id=12345&lat=48.8566&lon=2.3522&timestamp=1609459200000',
  },
  {
    name: 'documented URL, every field',
    source: TRACCAR_DOC,
    frame:
      'http://demo.traccar.org:5055/?deviceid=12345&lat=48.8566&lon=2.3522&timestamp=2021-01-01T00:00:00Z&speed=15&bearing=270&altitude=35&accuracy=10&hdop=0.8&batt=75',
  },
  {
    name: 'documented URL, cell and Wi-Fi with a fix',
    source: TRACCAR_DOC,
    frame:
      'http://demo.traccar.org:5055/?id=12345&lat=48.8566&lon=2.3522&timestamp=1609459200000&cell=208,10,12345,67890,50&wifi=00:11:22:33:44:55,-70',
  },
  {
    name: 'documented JSON body (a phone without a fix: 0,0)',
    source: TRACCAR_DOC,
    frame:
      '{"location":{"timestamp":"2000-01-01T00:00:00.000Z","coords":{"latitude":0.0,"longitude":0.0,"accuracy":0,"speed":0,"heading":0,"altitude":0},"is_moving":false,"odometer":0,"event":"motionchange","battery":{"level":1,"is_charging":false},"activity":{"type":"still"},"extras":{}},"device_id":"48241179"}',
  },
  // Traccar server logs pasted in issues: the whole request in hex.
  {
    name: 'Traccar Client Android 2015, hex with headers',
    source: 'https://github.com/traccar/traccar/issues/1518',
    frame:
      '474554202f3f69643d4268656b695f50686f6e652674696d657374616d703d31343437303638313137266c61743d2d32392e363039393339393939393939393938266c6f6e3d33302e3337323238333333333333333333322673706565643d302e302662656172696e673d3234332e3631393939353131373138373526616c7469747564653d3635342e3326626174743d35332e3020485454502f312e310d0a557365722d4167656e743a2044616c76696b2f312e362e3020284c696e75783b20553b20416e64726f696420342e322e323b2048554157454920593531312d553330204275696c642f485541574549593531312d553330290d0a486f73743a203135382e36392e3231302e3235333a353035350d0a436f6e6e656374696f6e3a204b6565702d416c6976650d0a4163636570742d456e636f64696e673a20677a69700d0a0d0a',
  },
  {
    name: 'vehicle tracker, text timestamp with milliseconds, hex',
    source: 'https://github.com/traccar/traccar/issues/1664',
    frame:
      '474554202f3f69643d3836333037313031363830303737302674696d657374616d703d323031362d30312d313525323032313a34313a31382e303030266c61743d2d32362e363139393133266c6f6e3d3135322e3835393233382673706565643d302e373226616c7469747564653d3433332e31302668656164696e673d3130382e34322668646f703d3831267361743d313126626174743d31312e34332669676e6974696f6e3d4f464620485454502f312e310d0a486f73743a20686f6d652e6d796b6f616c612e6e65740d0a56657273696f6e3a203120283136204a616e7561727920323031362929200d0a436f6e6e656374696f6e3a20636c6f73650d0a0d0a',
  },
  {
    name: 'script sender, hex (battery out of range)',
    source: 'https://github.com/traccar/traccar/issues/2372',
    frame:
      '474554202f3f69643d34333632382674696d657374616d703d31343735353634313131266c61743d31372e373234303637266c6f6e3d38332e333138362673706565643d302662656172696e673d302e3026616c7469747564653d302e3026626174743d34333632382e3020485454502f312e310d0a486f73743a206c6f63616c686f73743a353035350d0a0d0a',
  },
  {
    name: 'script sender, second device, hex',
    source: 'https://github.com/traccar/traccar/issues/2372',
    frame:
      '474554202f3f69643d34333333382674696d657374616d703d31343735353634313035266c61743d31372e373133313833266c6f6e3d38332e3239363138332673706565643d302662656172696e673d302e3026616c7469747564653d302e3026626174743d34333333382e3020485454502f312e310d0a486f73743a206c6f63616c686f73743a353035350d0a0d0a',
  },
  {
    name: 'Traccar Client Android 2016, hex cut short in the headers',
    source: 'https://github.com/traccar/traccar/issues/1766',
    frame:
      '474554202f3f69643d3335323139393037303233363736392674696d657374616d703d31343537323632313639266c61743d32342e3734373137383434266c6f6e3d34362e36313631323734342673706565643d302e302662656172696e673d302e3026616c7469747564653d3636352e3026626174743d37352e3020485454502f312e310d0a557365722d4167656e743a2044616c76696b2f322e312e3020284c696e75783b20553b20416e64726f696420352e303b204532333333204275696c642f32362e312e422e322e313437290d0a486f73743a204b6172616d2e64796e646e732e62697a3a353030310d0a436f6e6e656374696f6e3a204b6565702d416c6976650d0a4163636570742d456e636f64696e673a2067',
  },
  // Other servers' notes of what they receive.
  {
    name: 'bare query string (a received request in a comment)',
    source: 'erlymon/erlymon apps/erlymon/src/em_protocols/em_osmand_protocol.erl',
    frame:
      'id=353490069161244&timestamp=1440085518&lat=53.944019&lon=27.6468195&speed=0.0&bearing=0.0&altitude=0.0&batt=53.0',
  },
  {
    name: 'request line with a path',
    source:
      'https://kbeigl.github.io/bm/bm-tracker/gps-osmand-tracker/src/asciidoc/OsmAndProtocolSpecification.html',
    frame:
      'GET /track?id=phone1&lat=52.5200&lon=13.4050&timestamp=1678886400&speed=25.0&bearing=90.0&altitude=50.0&batt=85.0',
  },
];
