/**
 * Device frames from public sources, verbatim (each group names its source). `fix`: whether the
 * frame carries coordinates (a position record with latitude and longitude).
 */
export interface RealFrame {
  frame: string;
  fix: boolean;
}

const TRC_NEW = 'traccar/traccar src/test/java/org/traccar/protocol/WatchProtocolDecoderTest.java';

/**
 * Source → frames. Two frames of the vendor document are wrapped across lines there (`\n` inside):
 * kept as printed, since a watch's text arrives as the document shows it, line breaks aside.
 */
export const REAL_FRAMES: Record<string, RealFrame[]> = {
  // Traccar's test as of 2024-2025 (also quoted in a Go port of it, watch traccar vectors test).
  [TRC_NEW]: [
    {
      frame: '[3G*6907919734*003e*AL_LTE,170525,214118,V,0,N,0,E,0,0,0,0,0,22,0,0,00010000,0,0,0]',
      fix: true,
    },
    { frame: '[3G*9705141740*000B*oxygen,0,98]', fix: false },
    {
      frame:
        '[3G*9705141740*00C2*UD_LTE,260723,185105,V,00.000000,,00.0000000,,0.00,0.0,0.0,0,100,67,0,0,00000000,2,0,605,1,10006,65799,14,10020,4104,4,3,,34:60:f9:ec:19:f8,-82,,98:48:27:55:18:20,-96,,34:e8:94:e4:06:18,-104,0.0]',
      fix: true,
    },
    {
      frame:
        '[SG*9059011020*0067*AL,240123,181628,V,54.427538,N,6.409275,W,0.00,0,0,0,19,90,0,0,00000000,1,1,234,10,55C0,3B882A2,132,,10]',
      fix: true,
    },
    {
      frame:
        '[SG*9059011020*006b*UD2,240123,162011,A,54.427621,N,6.409190,W,0.00,0,0,8,19,88,0,0,00000000,1,1,FFFF,FFFF,FFFE,3B882A2,132,,00]',
      fix: true,
    },
    { frame: '[ZJ*5678901234*0001*0009*TEMP,36.5]', fix: false },
    {
      frame:
        '[ZJ*689466020014198*0003*0113*AL,221121,085515,V,00.000000,N,000.000000,E,0,0,0,0,0,44,0,0,00100000,1,255,460,0,16399,234887445,0,6,WIFI00,68:77:24:1b:e7:a7,-59,WIFI01,68:77:24:1b:e3:30,-75,WIFI02,68:77:24:1b:e3:27,-75,WIFI03,00:41:d2:c0:f2:f1,-76,WIFI04,00:41:d2:c0:f2:f0,-77,WIFI05,68:77:24:1b:e3:d8,-82]',
      fix: true,
    },
    {
      frame:
        '[3G*6005412902*011F*WT,170517,133811,V,18.512200,N,73.7750283,E,0.00,0.0,0.0,0,92,82,4262,0,00000010,2,1,404,22,10125,8301,141,10125,13921,122,5,Skynet,28:c6:8e:be:87:c0,-60,Intel Wi-Fi,4c:60:de:32:3d:38,-70,Nirvanic-2,40:e3:d6:4a:d9:c2,-73,A4-Guest,40:e3:d6:4a:d9:c4,-73,A4Idatix,40:e3:d6:4a:d9:c3,-73,13.8]',
      fix: true,
    },
    {
      frame:
        '[3G*8308406279*00CC*UD3,170417,190930,V,54.739618,N,25.273213,E,0.0,323.53,175.1,6,51,83,0,0,00000000,1,1,246,01,200,13242758,51,3,TEO-189835,00:8c:54:58:1d:64,-84,Cgates_7137,78:54:2e:e3:71:37,-85,ASUS,9c:5c:8e:b8:d4:78,-93]',
      fix: true,
    },
    {
      frame:
        '[SG*8800000015*0087*AL,220414,134652,A,22.571707,N,113.8613968,E,0.1,0.0,100,7,60,90,1000,50,0001,4,1,460,0,9360,4082,131,9360,4092,148,9360,4091,143,9360,4153,141]',
      fix: true,
    },
  ],
  // Traccar's Fa66sProtocolDecoderTest (a 3G watch frame, Wi-Fi list announced longer than sent).
  'traccar/traccar src/test/java/org/traccar/protocol/Fa66sProtocolDecoderTest.java': [
    {
      frame:
        '[3G*9519378879*01D2*UD_LTE,190126,033747,V,22.683546,N,113.9907380,E,0.00,0.0,0.0,0,100,8,670,0,00000001,1,0,460,1,30538,102075140,177,15,,82:68:F9:ED:03:A0,-39]',
      fix: true,
    },
  ],
  // 4P-Touch (Beesure) "SeTracker Server Protocol", https://www.4p-touch.com (BEE in protocols.md).
  'https://www.4p-touch.com beesure-gps-setracker-server-protocol': [
    {
      frame:
        '[3G*8800000015*00CD*UD,180916,025723,A,22.570733,N,113.8626083,E,0.00,249.5,0.0,6,100,60,0,0,00000010,7,255,460,1,9529,21809,158,9529,63555,133,9529, 63554,129,9529,21405,126,9529,21242,124,9529,21151,120,9529,63556,119,0,40.7]',
      fix: true,
    },
    {
      frame:
        '[3G*8800000015*00D0*UD2,180916,064032,A,22.570512,N,113.8623267,E,0.00,154.8,0.0,11,100,100,0,0,00000010,7,255,460,1,9529,21809,157,9529,21405,131,9529,63555,130,9529,21242,129,9529,63554,126,9529,63556,120,9529,21151,113,0,12.2]',
      fix: true,
    },
    {
      frame:
        '[3G*8800000015*00CD*AL,180916,064153,A,22.570512,N,113.8623267,E,0.00,154.8,0.0,11,100,100,0,0,00100018,7,0,460,1,9529,21809,155,9529,21242,132,9529,21405,131,9529,63554,131,9529,63555,130,9529,63556,118,9529,21869,116,0,12.4]',
      fix: true,
    },
    {
      frame:
        '[3G*4504816162*010A*AL_LTE,241020,085353,V,0.0,N,0.0,E,22.0,0,-1,1,100,35,0,0,00200000,1,1,460,11,30602,125639728,100,5,4P-Touch,bc:5f:f6:1e:07:be,-55,ChinaNet-a9Ld,c4:b8:b5:c4:14:79,-53,ChinaNet-CX9r,f0:92:b4:95:3d:b9,-57,5B,08:31:8b:ae:ef:c8,-66,TP-LINK_274E,\n50:bd:5f:80:27:4e,-63,0.0]',
      fix: true,
    },
    {
      frame:
        '[3G*8800000015*00D4*PP,091046,180916,085033,A,22.570193,N,113.8621950,E,0.48,60.3,0.0,9,100,100,0,0,00000010,7,255,460,1,9529,21809,160,9529,21405,\n133,9529,63555,133,9529,63554,124,9529,21242,119,9529,21151,118,9529,63574,116,0,23.2]',
      fix: true,
    },
    { frame: '[3G*8800000015*0002*LK]', fix: false },
    { frame: '[3G*8800000015*000D*LK,50,100,100]', fix: false },
    { frame: '[3G*8800000015*0006*UPLOAD]', fix: false },
    { frame: '[3G*8800000015*0028*VERNO,G29_BASE_V1.00_2014.04.23_17.46.49]', fix: false },
    { frame: '[3G*5678901234*0002*CR]', fix: false },
    { frame: '[3G*5678901234*0008* POWEROFF]', fix: false },
    { frame: '[3G*8800000015*0013*bphrt,112,73,67,,,,]', fix: false },
    { frame: '[3G*8800000015*0003*TKQ]', fix: false },
    { frame: '[3G*8800000015*0004*TKQ2]', fix: false },
    { frame: '[3G*4504816144*0007*LSSET,5]', fix: false },
  ],
  // 4P-Touch "server portal configuration guide" frames as quoted in a public gateway's notes
  // (github search: "FFZDPAYH5"), and a PHP adapter test (FourPTouchAdapter).
  'https://www.4p-touch.com/server-portal-configuration-guide.html': [
    { frame: '[3G*0304187109*0009*LK,0,0,21]', fix: false },
    { frame: '[3G*0304187109*0009*FFZDPAYH5]', fix: false },
    {
      frame:
        '[3G*0304187109*0065*AL_LTE,310120,184251,V,0.0,N,0.0,E,22.0,0,-1,0,100,11,0,0,00200000,1,1,334,020,13011,23152151,100,0,5]',
      fix: true,
    },
  ],
  // A React Native app's fixtures captured from a UK watch (connectionData / locationSuccess).
  'github: const locationSuccess = "[3G*7703762021*00ab*UD_LTE…" (react-native watch app)': [
    { frame: '[3G*7703762021*0009*LK,0,0,77]', fix: false },
    {
      frame:
        '[3G*7703762021*00ab*UD_LTE,030623,143103,A,51.498258,N,0.405050,W,0.77,311.415,45.7,10,100,91,0,0,00000000,2,1,234,20,137984,1119,100,1119,137984,7,1,My VW 8622,da:10:68:3d:11:ca,-77,1.194124]',
      fix: true,
    },
  ],
  // A capture replayed by a Chilean gateway's test script ("Trama capturada que causó problemas").
  'github: send_test_packet PACKET = b"[3G*3707806493*00E7*UD_LTE…"': [
    {
      frame:
        '[3G*3707806493*00E7*UD_LTE,230126,170950,V,-33.438529,S,-70.6465013,W,0.00,0.0,0.0,0,77,59,0,0,00000000,0,0,460,00,0000,0000]',
      fix: true,
    },
  ],
  // A JS watch-protocol library's serializer test (packetUD from an Israeli watch, packetRAD).
  'github: watch protocol serialize test (packetUD)': [
    {
      frame:
        '[SG*5305994463*0178*UD,011119,103406,V,31.766222,N,35.190035,E,0.00,0.0,0.0,4,95,24,0,205,00000000,7,255,425,1,10472,10013,142,10471,10611,135,10472,10053,134,10471,10612,130,10471,10102,130,10471,10563,129,10472,11413,129,5,JCT-Lev-WiFi,b4:5d:50:bd:8c:e0,-80,JCT-Lev-WiFi,b4:5d:50:bd:99:80,-83,Home2,18:d6:c7:ef:1e:a7,-86,TP-LINK_AKA,3c:46:d8:c6:9a:f4,-90,JCT-Lev-WiFi,b4:5d:50:bd:c1:c0,-91,27.7]',
      fix: true,
    },
  ],
};
