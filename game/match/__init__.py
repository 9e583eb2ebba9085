"""What a match is made of, shared by every layer (base layer): its description (spec.py), the one
Command per seat per tick that is all a simulation is fed (commands.py), and the seats'
identities and the lobby's seats (seats.py). No pygame here."""
