package ie.fromirelandwithlove.radio;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
